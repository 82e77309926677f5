import { PAGE_SIZE } from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { PlaybackRepository } from '../repositories/playback.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { CatalogueService } from './catalogue.service.js';
import { fileTitle } from './track-tree.js';

/** Where each listener stopped, per file, and which works they listened to (contract section 5b). */
export class PlaybackService {
  constructor(
    private readonly playback: PlaybackRepository,
    private readonly files: FileRepository,
    private readonly works: WorkRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async save(
    userId: number,
    workId: number,
    input: { fileId: number; position: number; duration?: number | null },
  ) {
    if (!(await this.files.find(workId, input.fileId))) {
      throw new NotFound(`File ${workId}/${input.fileId} not found`);
    }
    const duration =
      input.duration === undefined || input.duration === null ? null : toMillisecond(input.duration);
    await this.playback.save(userId, workId, input.fileId, toMillisecond(input.position), duration);
  }

  async get(userId: number, workId: number) {
    if (!(await this.works.findById(workId))) throw new NotFound(`Work ${workId} not found`);
    const { lastFileId, files } = await this.playback.forWork(userId, workId);
    return {
      lastFileId,
      files: Object.fromEntries(
        files.map((file) => [
          String(file.file_id),
          { position: file.position, duration: file.duration, updatedAt: file.updated_at },
        ]),
      ),
    };
  }

  async history(userId: number, query: { page?: number; pageSize?: number }) {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const { rows, total } = await this.playback.history(userId, (page - 1) * pageSize, pageSize);
    const byWork = new Map(rows.map((row) => [row.work_id, row]));
    const works = await this.catalogue.worksByIds(
      rows.map((row) => row.work_id),
      userId,
    );
    return {
      works: works.flatMap((work) => {
        const row = byWork.get(work.id);
        return row
          ? [
              {
                ...work,
                lastFileId: row.last_file_id,
                lastFileTitle: row.last_file_path === null ? null : fileTitle(row.last_file_path),
                lastPosition: row.last_position,
                lastPlayedAt: row.last_played_at,
              },
            ]
          : [];
      }),
      pagination: { currentPage: page, pageSize, totalCount: total },
    };
  }

  async forget(userId: number, workId: number): Promise<void> {
    if (!(await this.works.findById(workId))) throw new NotFound(`Work ${workId} not found`);
    await this.playback.forget(userId, workId);
  }
}

/**
 * Positions and durations are kept to the millisecond: finer is meaningless to a player, and a value
 * such as 5e-324 does not fit PostgreSQL's `real` (an underflow error); rounded, it is 0.
 */
function toMillisecond(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
