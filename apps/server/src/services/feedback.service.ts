import {
  type FeedbackCategory,
  type FeedbackInboxPage,
  type FeedbackState,
  PAGE_SIZE,
} from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { FeedbackRepository } from '../repositories/feedback.repository.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { SessionUser } from './account.service.js';
import type { ForwardedFeedback } from './feedback-forwarder.js';

/** Listeners' reports about a work (broken files, wrong subtitles...) and the administrators' inbox. */
export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly works: WorkRepository,
    private readonly files: FileRepository,
    private readonly forward: (feedback: ForwardedFeedback) => Promise<void>,
  ) {}

  async send(
    user: SessionUser,
    input: { work_id: number; file_id?: number; category: FeedbackCategory; details: string },
  ): Promise<void> {
    if (!(await this.works.findById(input.work_id))) throw new NotFound(`Work ${input.work_id} not found`);
    if (input.file_id !== undefined && !(await this.files.find(input.work_id, input.file_id))) {
      throw new NotFound(`File ${input.file_id} of work ${input.work_id} not found`);
    }
    const id = await this.feedback.add({
      user_id: user.id,
      user_name: user.name,
      work_id: input.work_id,
      file_id: input.file_id ?? null,
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

  async inbox(query: {
    page?: number;
    pageSize?: number;
    category?: FeedbackCategory;
    state?: FeedbackState;
    work_id?: number;
  }): Promise<FeedbackInboxPage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const filter = { category: query.category, state: query.state, workId: query.work_id };
    const { rows, total } = await this.feedback.page(filter, (page - 1) * pageSize, pageSize);
    return {
      feedback: rows.map(({ user_id: _userId, ...row }) => ({
        ...row,
        category: row.category as FeedbackCategory,
      })),
      pagination: { currentPage: page, pageSize, totalCount: total },
    };
  }

  openCount(): Promise<number> {
    return this.feedback.countOpen();
  }

  async setResolved(id: number, resolved: boolean): Promise<void> {
    if (!(await this.feedback.setResolved(id, resolved))) throw new NotFound(`Feedback ${id} not found`);
  }
}
