import type { ProgressState } from '@sasayaki/api-contract';
import { api } from '../../api/client';

interface Message {
  message: string;
}

export interface ReviewDraft {
  rating: number | null;
  progress: ProgressState | null;
  review_text: string | null;
}

/** `PUT /api/review?starOnly=false`: rating, text and progress at once (contract section 5). */
export function saveReview(userName: string, workId: number, draft: ReviewDraft): Promise<Message> {
  return api<Message>('/api/review', {
    method: 'PUT',
    query: { starOnly: 'false' },
    body: {
      user_name: userName,
      work_id: workId,
      rating: draft.rating,
      review_text: draft.review_text,
      progress: draft.progress,
    },
  });
}

/** `PUT /api/review` with no query: the rating only. */
export function saveRating(userName: string, workId: number, rating: number | null): Promise<Message> {
  return api<Message>('/api/review', {
    method: 'PUT',
    body: { user_name: userName, work_id: workId, rating },
  });
}

/** `PUT /api/review?starOnly=false&progressOnly=true`: the progress only. */
export function saveProgress(
  userName: string,
  workId: number,
  progress: ProgressState | null,
): Promise<Message> {
  return api<Message>('/api/review', {
    method: 'PUT',
    query: { starOnly: 'false', progressOnly: 'true' },
    body: { user_name: userName, work_id: workId, progress },
  });
}

/** `DELETE /api/review?work_id=N`: the user's rating, text and progress for the work. */
export function deleteReview(workId: number): Promise<Message> {
  return api<Message>('/api/review', { method: 'DELETE', query: { work_id: workId } });
}
