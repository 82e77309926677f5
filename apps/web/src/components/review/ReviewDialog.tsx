import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ProgressState } from '@sasayaki/api-contract';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { deleteReview, type ReviewDraft, saveReview } from './api';
import { DeleteConfirm } from './DeleteConfirm';
import { HalfStarInput } from './HalfStarInput';
import { ProgressToggle } from './ProgressToggle';
import { useSessionUser } from './use-session-user';

export interface ReviewDialogProps {
  opened: boolean;
  workId: number;
  initial: { rating: number | null; progress: ProgressState | null; review_text: string | null };
  /** `changed` is true after a successful submit or delete, so the parent re-fetches. */
  onClose(changed: boolean): void;
}

/**
 * Write a review (spec section 2): stars in half steps, a progress toggle, the text, a delete-marker
 * button with its own yes/no confirmation, submit and close. No client-side validation (spec section 5).
 */
export function ReviewDialog({ opened, workId, initial, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const user = useSessionUser();
  const [draft, setDraft] = useState<ReviewDraft>(initial);
  const [confirming, setConfirming] = useState(false);

  // Each opening starts from the user's current values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      setDraft({ rating: initial.rating, progress: initial.progress, review_text: initial.review_text });
      setConfirming(false);
    }
  }, [opened]);

  const submit = useMutation({
    mutationFn: () => saveReview(user?.name ?? '', workId, draft),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      onClose(true);
    },
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: () => deleteReview(workId),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      setConfirming(false);
      onClose(true);
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(error);
    },
  });
  const busy = submit.isPending || remove.isPending;

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => onClose(false)}
        title={t('review.title')}
        fullScreen={phone}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('review.rating')}
            </Text>
            <HalfStarInput value={draft.rating} onChange={(rating) => setDraft((d) => ({ ...d, rating }))} />
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('review.progressLabel')}
            </Text>
            <ProgressToggle
              value={draft.progress}
              onChange={(progress) => setDraft((d) => ({ ...d, progress }))}
            />
          </Stack>
          <Textarea
            label={t('review.reviewText')}
            placeholder={t('review.reviewPlaceholder')}
            value={draft.review_text ?? ''}
            onChange={(event) => {
              const review_text = event.currentTarget.value;
              setDraft((d) => ({ ...d, review_text }));
            }}
            autosize
            minRows={5}
            maxRows={14}
            miw={300}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              {t('review.deleteMarker')}
            </Button>
            <Group gap="sm" ml="auto">
              <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
                {t('review.close')}
              </Button>
              <Button onClick={() => submit.mutate()} loading={submit.isPending} disabled={remove.isPending}>
                {t('review.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      <DeleteConfirm
        opened={opened && confirming}
        loading={remove.isPending}
        onYes={() => remove.mutate()}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}

export default ReviewDialog;
