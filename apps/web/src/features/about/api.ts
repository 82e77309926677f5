import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface ServerVersion {
  version: string;
  update_available: boolean;
  notifyUser: boolean;
  lockFileExists: boolean;
  lockReason: string | null;
}

/** Shared by key with the notices (one request per session). */
export const VERSION_QUERY_KEY = ['version'] as const;

export function useServerVersion() {
  return useQuery({
    queryKey: VERSION_QUERY_KEY,
    queryFn: () => api<ServerVersion>('/api/version'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** This web app's own version (apps/web/package.json, defined at build time). */
export const WEB_VERSION: string =
  typeof __SASAYAKI_WEB_VERSION__ === 'string' ? __SASAYAKI_WEB_VERSION__ : 'dev';
