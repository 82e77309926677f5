import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import type { AdminUserRow, UserReviewFate } from '@sasayaki/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deleteUser, USERS_QUERY_KEY } from './api';

/** Deleting a user: the administrator chooses what happens to their ratings and reviews. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUserRow; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fate, setFate] = useState<UserReviewFate>('anonymise');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteUser(user.name, fate);
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      notifySuccess(t('users.remove.done', { name: user.name }), 2_000);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('users.remove.title', { name: user.name })} centered>
      <Stack>
        <Radio.Group
          label={t('users.remove.reviews', { ratings: user.ratings, reviews: user.reviews })}
          value={fate}
          onChange={(value) => setFate(value as UserReviewFate)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="anonymise" label={t('users.remove.anonymise')} />
            <Radio value="delete" label={t('users.remove.delete')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('users.remove.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('users.remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
