import { type FeedbackCategory, PAGE_SIZE } from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { FeedbackRepository } from '../repositories/feedback.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { SessionUser } from './account.service.js';
import type { ForwardedFeedback } from './feedback-forwarder.js';

/** Listeners' reports about a work (broken files, wrong subtitles...) and the administrators' inbox. */
export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly works: WorkRepository,
    private readonly forward: (feedback: ForwardedFeedback) => Promise<void>,
  ) {}

  async send(
    user: SessionUser,
    input: { work_id: number; category: FeedbackCategory; details: string },
  ): Promise<void> {
    if (!(await this.works.findById(input.work_id))) throw new NotFound(`Work ${input.work_id} not found`);
    const id = await this.feedback.add({
      user_id: user.id,
      user_name: user.name,
      work_id: input.work_id,
      category: input.category,
      details: input.details,
      created_at: new Date().toISOString(),
    });
    void this.forward({
      id,
      user: user.name,
      workId: input.work_id,
      category: input.category,
      details: input.details,
    });
  }

  async inbox(query: { page?: number; pageSize?: number }) {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const { rows, total } = await this.feedback.page((page - 1) * pageSize, pageSize);
    return {
      feedback: rows.map(({ user_id: _userId, ...row }) => ({
        ...row,
        category: row.category as FeedbackCategory,
      })),
      pagination: { currentPage: page, pageSize, totalCount: total },
    };
  }

  async setResolved(id: number, resolved: boolean): Promise<void> {
    if (!(await this.feedback.setResolved(id, resolved))) throw new NotFound(`Feedback ${id} not found`);
  }
}
