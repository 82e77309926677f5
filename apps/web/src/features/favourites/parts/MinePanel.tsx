import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProgressState, ReviewedWork } from '@sasayaki/api-contract';
import { IconPencil } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveProgress, saveRating } from '../../../components/review/api';
import { HalfStarInput } from '../../../components/review/HalfStarInput';
import { ProgressToggle } from '../../../components/review/ProgressToggle';
import { PROGRESS_COLORS, progressLabelKey } from '../../../components/review/progress';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDate } from '../format';

interface MinePanelProps {
  work: ReviewedWork;
  userName: string;
  mode: 'review' | 'progress';
  onChanged(): void;
  onEdit(work: ReviewedWork): void;
}

/** The user's own part of a favourite: stars (rating-only saves), progress, review text and date. */
export function MinePanel({ work, userName, mode, onChanged, onEdit }: MinePanelProps) {
  const { t, i18n } = useTranslation();
  const done = ({ message }: { message: string }) => {
    notifySuccess(message);
    onChanged();
  };
  const rate = useMutation({
    mutationFn: (rating: number) => saveRating(userName, work.id, rating),
    onSuccess: done,
    onError: (error) => notifyError(error),
  });
  const mark = useMutation({
    mutationFn: (progress: ProgressState | null) => saveProgress(userName, work.id, progress),
    onSuccess: done,
    onError: (error) => notifyError(error),
  });
  const busy = rate.isPending || mark.isPending;

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap={8}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text fz="xs" fw={600} c="dimmed">
            {t('favourites.myRating')}
          </Text>
          {/* Clearing in a list would drop the work from the list by accident: ignored, as upstream. */}
          <HalfStarInput
            value={work.userRating}
            onChange={(rating) => rating !== null && rate.mutate(rating)}
            size="sm"
            withDetails={false}
            disabled={busy}
          />
        </Group>
        {mode === 'progress' ? (
          <ProgressToggle
            value={work.progress}
            onChange={(state) => mark.mutate(state)}
            size="xs"
            disabled={busy}
          />
        ) : (
          <>
            {work.progress && (
              <Badge variant="light" color={PROGRESS_COLORS[work.progress]} size="sm">
                {t(progressLabelKey(work.progress))}
              </Badge>
            )}
            <Text
              fz="sm"
              lineClamp={4}
              c={work.review_text ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-line' }}
            >
              {work.review_text || t('favourites.noReviewText')}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => onEdit(work)}
              aria-label={`${t(work.review_text ? 'favourites.editReview' : 'favourites.writeReview')}: ${work.title}`}
            >
              {t(work.review_text ? 'favourites.editReview' : 'favourites.writeReview')}
            </Button>
          </>
        )}
        <Text fz="xs" c="dimmed">
          {t('favourites.updatedAt', { date: formatDate(work.updated_at, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}
