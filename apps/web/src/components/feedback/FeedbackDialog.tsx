import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '@sasayaki/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../lib/notify';

export interface FeedbackDialogProps {
  opened: boolean;
  workId: number;
  onClose(): void;
}

interface Errors {
  category?: string;
  details?: string;
}

/** Feedback about a work (spec sections 2 and 5): a required category and required details. */
export function FeedbackDialog({ opened, workId, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (opened) {
      setCategory(null);
      setDetails('');
      setErrors({});
    }
  }, [opened]);

  const send = useMutation({
    mutationFn: (body: { work_id: number; category: FeedbackCategory; details: string }) =>
      api('/api/feedback', { method: 'POST', body }),
    onSuccess: () => {
      notifySuccess(t('feedback.thanks'));
      onClose();
    },
    onError: (error) => notifyError(error),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      category: category ? undefined : t('feedback.categoryPrompt'),
      details: details.trim() ? undefined : t('feedback.detailsPrompt'),
    };
    setErrors(next);
    if (category && !next.details) send.mutate({ work_id: workId, category, details: details.trim() });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('feedback.title')}
      fullScreen={phone}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('feedback.intro')}
          </Text>
          <Select
            label={t('feedback.categoryPrompt')}
            placeholder={t('feedback.category')}
            data={FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`feedback.categories.${value}`) }))}
            value={category}
            onChange={(value) => {
              setCategory(value as FeedbackCategory | null);
              setErrors((e) => ({ ...e, category: undefined }));
            }}
            error={errors.category}
            required
            allowDeselect={false}
            // On phones the dialog is full screen: the list stays inside it. In a portal it first showed at
            // a stale position past the right edge, which widened the page, which moved it again (the
            // options jittered and could not be tapped).
            comboboxProps={phone ? { withinPortal: false } : { withinPortal: true, zIndex: 400 }}
          />
          <Textarea
            label={t('feedback.detailsPrompt')}
            placeholder={t('feedback.details')}
            value={details}
            onChange={(event) => {
              setDetails(event.currentTarget.value);
              setErrors((e) => ({ ...e, details: undefined }));
            }}
            error={errors.details}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              {t('feedback.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('feedback.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default FeedbackDialog;
