import type { TagVoteResult, TagVoteValue } from '@sasayaki/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { notifyError } from '../../../lib/notify';

/** `POST /api/vote/vote-work-tag`; the work is asked again after it (its counts, and a tag voted out of sight). */
export function useTagVote(workId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, status }: { tagId: number; status: TagVoteValue }) =>
      api<TagVoteResult>('/api/vote/vote-work-tag', {
        method: 'POST',
        body: { workID: workId, tagID: tagId, status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['work', 'detail'] }),
    onError: (error) => notifyError(error),
  });
}
