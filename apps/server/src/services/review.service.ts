import { DEFAULT_SORT, PAGE_SIZE, type ReviewOrder, type Work } from '@sasayaki/api-contract';
import { Invalid, NotFound } from '../errors.js';
import type { ReviewFields, ReviewRepository } from '../repositories/review.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { CatalogueService } from './catalogue.service.js';

/** The three modes of `PUT /api/review`, chosen by the query string as kikoeru clients send it. */
export type ReviewMode = 'rating' | 'progress' | 'all';

export function reviewMode(starOnly: string | undefined, progressOnly: string | undefined): ReviewMode {
  if (starOnly !== 'false') return 'rating';
  return progressOnly === 'true' ? 'progress' : 'all';
}

export interface ReviewInput {
  work_id: number;
  rating?: number | null;
  review_text?: string | null;
  progress?: string | null;
}

const MESSAGES: Record<ReviewMode, string> = {
  rating: 'Rating saved',
  progress: 'Progress saved',
  all: 'Review saved',
};

/** Ratings, reviews and listening progress (contract section 5): always the token's user. */
export class ReviewService {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly works: WorkRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async save(userId: number, mode: ReviewMode, input: ReviewInput): Promise<string> {
    const required = mode === 'rating' ? 'rating' : mode === 'progress' ? 'progress' : null;
    if (required && !(required in input)) {
      throw new Invalid(`${required} is required`, [
        { param: required, location: 'body', msg: 'is required' },
      ]);
    }
    await this.requireWork(input.work_id);
    // 0 is how some clients say "no rating"; the stored value is null.
    const rating = input.rating === 0 ? null : input.rating;
    const fields: ReviewFields =
      mode === 'rating'
        ? { rating }
        : mode === 'progress'
          ? { progress: input.progress }
          : {
              rating: rating ?? null,
              review_text: input.review_text ?? null,
              progress: input.progress ?? null,
            };
    await this.reviews.save(userId, input.work_id, fields);
    this.catalogue.userMarksChanged(userId);
    return MESSAGES[mode];
  }

  async delete(userId: number, workId: number): Promise<string> {
    await this.requireWork(workId);
    await this.reviews.delete(userId, workId);
    this.catalogue.userMarksChanged(userId);
    return 'Marker deleted';
  }

  async list(
    userId: number,
    query: { page?: number; pageSize?: number; order?: ReviewOrder; sort?: 'asc' | 'desc'; filter?: string },
  ): Promise<{
    works: Array<Work & { updated_at: string }>;
    pagination: { currentPage: number; pageSize: number; totalCount: number };
  }> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const { rows, total } = await this.reviews.page(userId, {
      order: query.order ?? 'updated_at',
      sort: query.sort ?? DEFAULT_SORT,
      progress: query.filter,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    const updatedAt = new Map(rows.map((row) => [row.work_id, row.updated_at]));
    const works = await this.catalogue.worksByIds(
      rows.map((row) => row.work_id),
      userId,
    );
    return {
      works: works.map((work) => ({ ...work, updated_at: updatedAt.get(work.id) ?? '' })),
      pagination: { currentPage: page, pageSize, totalCount: total },
    };
  }

  private async requireWork(workId: number): Promise<void> {
    if (!(await this.works.findById(workId))) throw new NotFound(`Work ${workId} not found`);
  }
}
