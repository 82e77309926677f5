import type {
  LabelWithCount,
  WorkCodeAnswer,
  WorkMetadataEdit,
  WorkMetadataView,
} from '@sasayaki/api-contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

const base = (id: string) => `/api/admin/works/${encodeURIComponent(id)}`;

export const metadataKey = (id: string) => ['work', 'metadata', id.toUpperCase()] as const;

/** `GET /api/admin/works/:id/metadata`: each field's value, source, the providers' values and the edits. */
export function useWorkMetadata(id: string) {
  return useQuery({
    queryKey: metadataKey(id),
    queryFn: ({ signal }) => api<WorkMetadataView>(`${base(id)}/metadata`, { signal }),
    staleTime: 0,
  });
}

export const saveMetadata = (id: string, body: WorkMetadataEdit) =>
  api<WorkMetadataView>(`${base(id)}/metadata`, { method: 'PUT', body });

export const revertField = (id: string, field: string) =>
  api<WorkMetadataView>(`${base(id)}/metadata/${encodeURIComponent(field)}`, { method: 'DELETE' });

export const uploadCover = (id: string, image: File) =>
  api<WorkMetadataView>(`${base(id)}/cover`, { method: 'PUT', body: image });

/** `PUT /api/admin/works/:id/code`: the work under another code (its reviews and history follow). */
export const changeCode = (id: string, code: string) =>
  api<WorkCodeAnswer>(`${base(id)}/code`, { method: 'PUT', body: { code } });

/** `POST /api/admin/works/:id/refresh-metadata`: asks the providers again, now. */
export const refreshMetadata = (id: string) =>
  api<unknown>(`${base(id)}/refresh-metadata`, { method: 'POST' });

/**
 * After a change, every screen that shows the work's metadata asks again: the work page, the list and
 * label pages' cards (`works`), the label lists and pages (`labels`) and the favourites.
 */
export function invalidateWorkMetadata(queryClient: QueryClient, id: string): void {
  for (const queryKey of [['work'], ['works'], ['labels'], ['favourites']])
    void queryClient.invalidateQueries({ queryKey });
  void queryClient.invalidateQueries({ queryKey: metadataKey(id) });
}

/**
 * `GET /api/circles/` (tags, vas): the suggestions of the pickers. Same key and shape as the label pages'
 * lists, so one cached answer serves both.
 */
export function useLabelSuggestions(kind: 'circles' | 'tags' | 'vas', enabled = true) {
  return useQuery({
    queryKey: ['labels', kind] as const,
    queryFn: ({ signal }) => api<LabelWithCount[]>(`/api/${kind}/`, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
