import type { FeedbackCategory, FeedbackInboxPage, FeedbackState } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface InboxFilter {
  page: number;
  category?: FeedbackCategory;
  state?: FeedbackState;
  workId?: number;
}

export const INBOX_QUERY_KEY = ['admin', 'feedback'] as const;
/** Under the inbox's key, so resolving an item refreshes the list and the sidebar badge together. */
export const OPEN_COUNT_QUERY_KEY = [...INBOX_QUERY_KEY, 'open-count'] as const;

export function useInbox(filter: InboxFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...INBOX_QUERY_KEY, 'list', filter],
    queryFn: () =>
      api<FeedbackInboxPage>('/api/admin/feedback', {
        query: { page: filter.page, category: filter.category, state: filter.state, work_id: filter.workId },
      }),
    enabled,
    staleTime: 0,
  });
}

/** The sidebar badge: open items, asked again every minute while an administrator has the app open. */
export function useOpenFeedbackCount(enabled: boolean) {
  return useQuery({
    queryKey: OPEN_COUNT_QUERY_KEY,
    queryFn: async () => (await api<{ open: number }>('/api/admin/feedback/open-count')).open,
    enabled,
    refetchInterval: 60_000,
  });
}

export function setResolved(id: number, resolved: boolean): Promise<unknown> {
  return api(`/api/admin/feedback/${id}`, { method: 'PUT', body: { resolved } });
}
