import type { WorkMetadataSources } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Under `['work']`, so whatever refreshes the work after an edit refreshes its sources too. */
export const sourcesKey = (id: string) => ['work', 'metadata-sources', id.toUpperCase()] as const;

/** `GET /api/admin/works/:id/metadata-sources`, asked only once the section is opened. */
export function useMetadataSources(id: string, enabled: boolean) {
  return useQuery({
    queryKey: sourcesKey(id),
    queryFn: ({ signal }) =>
      api<WorkMetadataSources>(`/api/admin/works/${encodeURIComponent(id)}/metadata-sources`, { signal }),
    enabled,
  });
}
