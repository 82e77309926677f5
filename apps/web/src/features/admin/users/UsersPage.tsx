import { Alert, Button, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth/session';
import { useUsers } from './api';
import { CreateUserDialog } from './CreateUserDialog';
import { UserActions } from './UserActions';

/** /admin/users: the accounts with their last login and what they wrote (administrators; others a 403). */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const me = session.data?.user;
  const isAdmin = me?.group === 'administrator';
  const users = useUsers(isAdmin);
  const [creating, setCreating] = useState(false);
  if ((session.data && !isAdmin) || (users.error instanceof ApiError && users.error.status === 403)) {
    return (
      <Container size="md" px={0}>
        <Alert color="red" icon={<IconLock />} title={t('users.forbidden')} radius="lg" />
      </Container>
    );
  }
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : t('users.never'));
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} fz="h2">
              {t('users.title')}
            </Title>
            <Text c="dimmed">{t('users.description')}</Text>
          </div>
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
            {t('users.create.open')}
          </Button>
        </Group>
        {users.data ? (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={t('users.title')} data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  {(['name', 'group', 'created', 'lastLogin', 'ratings', 'reviews', 'actions'] as const).map(
                    (key) => (
                      <Table.Th key={key}>{t(`users.columns.${key}`)}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.map((user) => (
                  <Table.Tr key={user.name} data-testid={`user-${user.name}`}>
                    <Table.Td fw={500}>
                      {user.name}
                      {user.name === me?.name && (
                        <Text span c="dimmed" fz="sm">
                          {' '}
                          ({t('users.you')})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`users.groups.${user.group}`)}</Table.Td>
                    <Table.Td>{date(user.created_at)}</Table.Td>
                    <Table.Td>{date(user.last_login_at)}</Table.Td>
                    <Table.Td>{user.ratings}</Table.Td>
                    <Table.Td>{user.reviews}</Table.Td>
                    <Table.Td>
                      <UserActions user={user} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Skeleton h={240} radius="lg" />
        )}
      </Stack>
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </Container>
  );
}
