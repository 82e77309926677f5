import type { LabelWithCount } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const LABEL_KINDS = ['circles', 'tags', 'vas'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The works-list query parameter each kind links to. */
export const LINK_PARAM: Record<LabelKind, 'circleId' | 'tagId' | 'vaId'> = {
  circles: 'circleId',
  tags: 'tagId',
  vas: 'vaId',
};

export const labelsQueryKey = (kind: LabelKind) => ['labels', kind] as const;

/** `GET /api/circles/` (or tags, vas): a bare array `[{ id, name, count, i18n? }]`. */
export function fetchLabels(kind: LabelKind, signal?: AbortSignal): Promise<LabelWithCount[]> {
  return api<LabelWithCount[]>(`/api/${kind}/`, { signal });
}

export function useLabels(kind: LabelKind) {
  return useQuery({
    queryKey: labelsQueryKey(kind),
    queryFn: ({ signal }) => fetchLabels(kind, signal),
    staleTime: 5 * 60_000,
  });
}
