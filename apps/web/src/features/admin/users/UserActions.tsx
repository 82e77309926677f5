import { ActionIcon, Menu } from '@mantine/core';
import type { AdminUserRow, GeneratedPassword, UserGroup } from '@sasayaki/api-contract';
import { IconDots, IconKey, IconLogout, IconShieldCheck, IconTrash, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { changeGroup, resetPassword, signOutEverywhere, USERS_QUERY_KEY } from './api';
import { DeleteUserDialog } from './DeleteUserDialog';
import { PasswordShownOnce } from './PasswordShownOnce';

/**
 * One user's actions. The server refuses to demote or delete the last administrator (409): its message
 * is shown as it is, so the page needs no rule of its own.
 */
export function UserActions({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [generated, setGenerated] = useState<GeneratedPassword | null>(null);
  const [deleting, setDeleting] = useState(false);
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      if (done) notifySuccess(done, 2_000);
    } catch (error) {
      notifyError(error);
    }
  };
  const setGroup = (group: UserGroup) =>
    run(
      () => changeGroup(user.name, group),
      t('users.groupChanged', { name: user.name, group: t(`users.groups.${group}`) }),
    );
  const other: UserGroup = user.group === 'administrator' ? 'user' : 'administrator';
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`${t('users.columns.actions')}: ${user.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {user.group !== 'guest' && (
            <Menu.Item
              leftSection={other === 'administrator' ? <IconShieldCheck size={16} /> : <IconUser size={16} />}
              onClick={() => void setGroup(other)}
            >
              {t(`users.groups.${other}`)}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={() => void run(async () => setGenerated(await resetPassword(user.name)))}
          >
            {t('users.reset.action')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            onClick={() =>
              void run(() => signOutEverywhere(user.name), t('users.signOut.done', { name: user.name }))
            }
          >
            {t('users.signOut.action')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            {t('users.remove.action')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {generated && <PasswordShownOnce generated={generated} onClose={() => setGenerated(null)} />}
      {deleting && <DeleteUserDialog user={user} onClose={() => setDeleting(false)} />}
    </>
  );
}
