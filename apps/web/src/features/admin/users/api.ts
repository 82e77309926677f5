import type { AdminUserRow, GeneratedPassword, UserGroup, UserReviewFate } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const USERS_QUERY_KEY = ['admin', 'users'] as const;

export function useUsers(enabled: boolean) {
  return useQuery({
    queryKey: USERS_QUERY_KEY,
    queryFn: async () => (await api<{ users: AdminUserRow[] }>('/api/credentials/users')).users,
    enabled,
    staleTime: 0,
  });
}

export function createUser(input: { name: string; password: string; group: UserGroup }): Promise<unknown> {
  return api('/api/credentials/user', { method: 'POST', body: input });
}

export function changeGroup(name: string, group: UserGroup): Promise<unknown> {
  return api('/api/credentials/user', { method: 'PUT', body: { name, group } });
}

/** A new generated password, to show once. */
export function resetPassword(name: string): Promise<GeneratedPassword> {
  return api<GeneratedPassword>('/api/credentials/user/password-reset', { method: 'POST', body: { name } });
}

export function signOutEverywhere(name: string): Promise<unknown> {
  return api('/api/credentials/user/sign-out', { method: 'POST', body: { name } });
}

export function deleteUser(name: string, reviews: UserReviewFate): Promise<unknown> {
  return api('/api/credentials/user', { method: 'DELETE', body: { users: [{ name }], reviews } });
}
