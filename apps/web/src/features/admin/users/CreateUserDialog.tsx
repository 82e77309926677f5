import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { USER_GROUPS, type UserGroup } from '@sasayaki/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createUser, USERS_QUERY_KEY } from './api';

/** Name, password and group of a new account; the server's checks (length, look-alike names) answer errors. */
export function CreateUserDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [group, setGroup] = useState<UserGroup>('user');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await createUser({ name, password, group });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      notifySuccess(t('users.create.done', { name }), 2_000);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('users.create.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('users.create.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
          />
          <PasswordInput
            label={t('users.create.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            required
          />
          <Select
            label={t('users.create.group')}
            data={USER_GROUPS.filter((g) => g !== 'guest').map((g) => ({
              value: g,
              label: t(`users.groups.${g}`),
            }))}
            value={group}
            onChange={(value) => value && setGroup(value as UserGroup)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('users.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
