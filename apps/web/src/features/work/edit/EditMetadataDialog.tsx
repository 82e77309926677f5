import { Alert, Button, Center, Divider, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Work, WorkMetadataView } from '@sasayaki/api-contract';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { workKey } from '../api';
import { invalidateWorkMetadata, useWorkMetadata } from './api';
import { CodeField } from './CodeField';
import { CoverField } from './CoverField';
import { changedFields, type DraftField, type EditDraft, initialDraft } from './edit-draft';
import { FieldRow } from './FieldRow';
import { MetadataFields } from './MetadataFields';
import { useEditMutations } from './use-edit-mutations';

export interface EditMetadataDialogProps {
  /** The work page's id (RJ123456). */
  id: string;
  work: Work;
  onClose(): void;
}

/** The administrator's Edit dialog (issue 12 item 5): a sheet on phones, a dialog on larger screens. */
export function EditMetadataDialog({ id, work, onClose }: EditMetadataDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const metadata = useWorkMetadata(id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('workEdit.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {metadata.data ? (
        <EditForm id={id} work={work} view={metadata.data} onClose={onClose} />
      ) : metadata.isError ? (
        <Alert color="red">{t('workEdit.loadFailed')}</Alert>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}

function EditForm({ id, work, view, onClose }: EditMetadataDialogProps & { view: WorkMetadataView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [initial, setInitial] = useState(() => initialDraft(view, work));
  const [draft, setDraft] = useState<EditDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const { save, revert, refresh, pickCover, applied } = useEditMutations(id, view, {
    onSaved: onClose,
    onFieldErrors: setErrors,
    onReverted: async (field, next) => {
      // The reverted field shows the providers' value; the others keep what is being typed. Tags are
      // picked by the catalogue's ids, which only the work itself carries: it is asked again first.
      let tags = work.tags;
      if (field === 'tags') {
        await queryClient.refetchQueries({ queryKey: workKey(id), exact: true });
        tags = queryClient.getQueryData<Work>(workKey(id))?.tags ?? tags;
      }
      const fresh = initialDraft(next, { tags });
      const reset: Partial<EditDraft> =
        field === 'tags' ? { tagIds: fresh.tagIds, newTags: [] } : { [field]: fresh[field] };
      setInitial((before) => ({ ...before, ...reset }));
      setDraft((before) => ({ ...before, ...reset }));
      setErrors((before) => ({ ...before, [field]: undefined }));
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = changedFields(initial, draft);
    if (Object.keys(body).length === 0) {
      notifySuccess(t('workEdit.nothingChanged'));
      onClose();
    } else save.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CodeField
          id={id}
          current={view.source_id}
          onChanged={(code) => {
            invalidateWorkMetadata(queryClient, id);
            notifySuccess(t('workEdit.code.changed', { code }));
            onClose();
            navigate(`/work/${code}`, { replace: true });
          }}
        />
        <MetadataFields
          view={view}
          draft={draft}
          currentTags={work.tags}
          errors={errors}
          reverting={revert.isPending ? (revert.variables as DraftField) : null}
          onChange={(change) => {
            setDraft((before) => ({ ...before, ...change }));
            setErrors((before) => ({
              ...before,
              ...Object.fromEntries(Object.keys(change).map((key) => [key, undefined])),
            }));
          }}
          onRevert={(field) => revert.mutate(field)}
        />
        <FieldRow
          label={t('workEdit.fields.cover')}
          state={{
            source: view.cover.edit ? 'edit' : 'scan',
            edited: view.cover.edit !== null,
            fallback: null,
          }}
          reverting={revert.isPending && revert.variables === 'cover'}
          onRevert={() => revert.mutate('cover')}
        >
          <CoverField id={id} view={view} error={errors.cover} onPick={pickCover} onChanged={applied} />
        </FieldRow>
        <Divider />
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {t('workEdit.refresh')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('workEdit.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('workEdit.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export default EditMetadataDialog;
