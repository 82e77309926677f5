import { Box, Button, FileButton, Group, Image, Select, Stack, Text } from '@mantine/core';
import { MAX_COVER_UPLOAD_BYTES, type WorkMetadataView } from '@sasayaki/api-contract';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, mediaUrl } from '../../../api/client';
import { versionedCoverUrl } from '../../../lib/cover-version';
import { uploadCover } from './api';

interface CoverFieldProps {
  id: string;
  view: WorkMetadataView;
  /** Picks an image of the work (a `cover` edit through the form's save). */
  onPick(fileId: number): Promise<unknown>;
  onChanged(view: WorkMetadataView): void;
  error?: string;
}

const MAX_MB = Math.round(MAX_COVER_UPLOAD_BYTES / 1024 / 1024);

/** The cover: a preview, an upload, or one of the work's own images. */
export function CoverField({ id, view, onPick, onChanged, error }: CoverFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadCover(id, file),
    onSuccess: (next) => {
      setProblem(null);
      onChanged(next);
    },
    onError: (failure) =>
      setProblem(
        failure instanceof ApiError ? (failure.fieldErrors[0]?.msg ?? failure.message) : String(failure),
      ),
  });

  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_COVER_UPLOAD_BYTES) setProblem(t('workEdit.cover.tooLarge', { size: MAX_MB }));
    else upload.mutate(file);
  };

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Box w={160}>
        <Image
          src={mediaUrl(versionedCoverUrl(view.source_id, `/api/cover/${view.id}.jpg?type=sam`))}
          alt={t('workEdit.cover.preview')}
          radius="sm"
          data-testid="cover-preview"
        />
      </Box>
      <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
        <Text fz="sm" fw={500}>
          {t('workEdit.fields.cover')}
          {view.cover.edit && (
            <Text span fz="xs" c="dimmed" ml="xs">
              {t('workEdit.cover.edited')}
            </Text>
          )}
        </Text>
        <FileButton
          onChange={choose}
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff"
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconUpload size={14} aria-hidden />}
              loading={upload.isPending}
            >
              {t('workEdit.cover.upload')}
            </Button>
          )}
        </FileButton>
        {view.cover.images.length > 0 ? (
          <Select
            label={t('workEdit.cover.pick')}
            data={view.cover.images.map((image) => ({ value: String(image.fileId), label: image.path }))}
            value={view.cover.edit?.kind === 'file' ? String(view.cover.edit.fileId) : null}
            onChange={(value) => value !== null && void onPick(Number(value))}
            searchable
            size="xs"
            comboboxProps={{ withinPortal: false }}
          />
        ) : (
          <Text fz="xs" c="dimmed">
            {t('workEdit.cover.none')}
          </Text>
        )}
        {(problem ?? error) && (
          <Text fz="xs" c="red" role="alert">
            {problem ?? error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
