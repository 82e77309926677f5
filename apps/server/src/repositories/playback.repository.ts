import type { Kysely } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import { commitWithoutWaitingForDisk } from '../db/relaxed-commit.js';
import type { Database } from '../db/schema.js';

/** Resume positions (one row per user and file) and history (one row per user and work). */
export class PlaybackRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  /** Two upserts in one transaction: cheap enough for a write every few seconds from every listener. */
  async save(
    userId: number,
    workId: number,
    fileId: number,
    position: number,
    duration: number | null,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await commitWithoutWaitingForDisk(trx, this.dialect);
      await trx
        .insertInto('playback_positions')
        .values({ user_id: userId, work_id: workId, file_id: fileId, position, duration, updated_at: now })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'work_id', 'file_id'])
            .doUpdateSet({ position, duration, updated_at: now }),
        )
        .execute();
      await trx
        .insertInto('playback_history')
        .values({
          user_id: userId,
          work_id: workId,
          last_file_id: fileId,
          last_position: position,
          last_played_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'work_id'])
            .doUpdateSet({ last_file_id: fileId, last_position: position, last_played_at: now }),
        )
        .execute();
    });
  }

  async forWork(userId: number, workId: number) {
    const [history, files] = await Promise.all([
      this.db
        .selectFrom('playback_history')
        .select('last_file_id')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .executeTakeFirst(),
      this.db
        .selectFrom('playback_positions')
        .select(['file_id', 'position', 'duration', 'updated_at'])
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute(),
    ]);
    return { lastFileId: history?.last_file_id ?? null, files };
  }

  async history(userId: number, offset: number, limit: number) {
    const base = this.db
      .selectFrom('playback_history as h')
      .innerJoin('works as w', 'w.id', 'h.work_id')
      .where('h.user_id', '=', userId)
      .where('w.missing', '=', 0);
    const [rows, count] = await Promise.all([
      base
        // The file's path names the track; a rescan may have dropped the file (null then).
        .leftJoin('files as f', (join) =>
          join.onRef('f.work_id', '=', 'h.work_id').onRef('f.file_id', '=', 'h.last_file_id'),
        )
        .select([
          'h.work_id',
          'h.last_file_id',
          'f.path as last_file_path',
          'h.last_position',
          'h.last_played_at',
        ])
        .orderBy('h.last_played_at', 'desc')
        .orderBy('h.work_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async forget(userId: number, workId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('playback_positions')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute();
      await trx
        .deleteFrom('playback_history')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .execute();
    });
  }
}
