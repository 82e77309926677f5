import type { AdminSettingsChange, AdminSettingsSaved, AdminSettingsView } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_QUERY_KEY,
    queryFn: () => api<AdminSettingsView>('/api/config/admin'),
    staleTime: 0,
  });
}

/** Saves the changed settings only; the answer is every setting as it is now. */
export function saveAdminSettings(change: AdminSettingsChange): Promise<AdminSettingsSaved> {
  return api<AdminSettingsSaved>('/api/config/admin', { method: 'PUT', body: change });
}
