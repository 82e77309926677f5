import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import type { Database, PlaylistsTable } from '../db/schema.js';

/** A playlist row with its owner's name, as every answer shows it. */
export type PlaylistRow = Selectable<PlaylistsTable> & { user_name: string };

export interface NewPlaylist {
  id: string;
  user_id: number;
  system: string | null;
  name: string;
  description: string;
  privacy: number;
  locale: string;
  now: string;
}

export type PlaylistChanges = Partial<Pick<PlaylistsTable, 'name' | 'description' | 'privacy' | 'locale'>>;

/** The SQL of playlists, their works, likes and counted plays; the rules are in playlist.service.ts. */
export class PlaylistRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  private rows(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('playlists as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.name as user_name');
  }

  async find(id: string): Promise<PlaylistRow | undefined> {
    return this.rows().where('p.id', '=', id).executeTakeFirst();
  }

  async findSystem(userId: number, system: string): Promise<PlaylistRow | undefined> {
    return this.rows().where('p.user_id', '=', userId).where('p.system', '=', system).executeTakeFirst();
  }

  /** Inserts the playlists that do not exist yet; a system playlist made at the same moment is kept once. */
  async insert(playlists: NewPlaylist[]): Promise<void> {
    if (playlists.length === 0) return;
    await this.db
      .insertInto('playlists')
      .values(playlists.map(({ now, ...playlist }) => ({ ...playlist, created_at: now, updated_at: now })))
      .onConflict((conflict) => conflict.columns(['user_id', 'system']).doNothing())
      .execute();
  }

  async update(id: string, changes: PlaylistChanges, now: string): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Children first: SQLite enforces foreign keys only when asked, so cascades are not relied on.
      for (const table of ['playlist_works', 'playlist_likes', 'playlist_plays'] as const)
        await trx.deleteFrom(table).where('playlist_id', '=', id).execute();
      await trx.deleteFrom('playlists').where('id', '=', id).execute();
    });
  }

  /** The user's own playlists, system ones first (marked, liked), then the latest changed. */
  async owned(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.rows()
        .where('p.user_id', '=', userId)
        .orderBy(sql`CASE p.system WHEN 'marked' THEN 0 WHEN 'liked' THEN 1 ELSE 2 END`)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Others' playlists the user liked that they can still see (not made private since), latest like first. */
  async liked(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    const base = this.db
      .selectFrom('playlist_likes as l')
      .innerJoin('playlists as p', 'p.id', 'l.playlist_id')
      .where('l.user_id', '=', userId)
      .where('p.privacy', '<>', 0);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .selectAll('p')
        .select('u.name as user_name')
        .orderBy('l.created_at', 'desc')
        .orderBy('p.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Other members' public playlists, the latest changed first. */
  async listed(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.rows()
        .where('p.privacy', '=', 2)
        .where('p.user_id', '<>', userId)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('privacy', '=', 2)
        .where('user_id', '<>', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Of these playlists, the ones holding the work. */
  async holding(playlistIds: string[], workId: number): Promise<Set<string>> {
    if (playlistIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('playlist_works')
      .select('playlist_id')
      .where('work_id', '=', workId)
      .where('playlist_id', 'in', playlistIds)
      .execute();
    return new Set(rows.map((row) => row.playlist_id));
  }

  /**
   * `withPlaylistStatus[]` on the works lists: for each work, whether each named playlist holds it. Only
   * playlists the user may see count (their own, and others' that are not private); any other id answers
   * false, so an id does not tell whether someone's private playlist holds a work. One query on the
   * primary key, whatever the page.
   */
  async playlistStatusFor(
    userId: number | null,
    playlistIds: string[],
    workIds: number[],
  ): Promise<Map<number, Record<string, boolean>>> {
    const status = new Map<number, Record<string, boolean>>(
      workIds.map((id) => [id, Object.fromEntries(playlistIds.map((playlist) => [playlist, false]))]),
    );
    if (playlistIds.length === 0 || workIds.length === 0) return status;
    const rows = await this.db
      .selectFrom('playlist_works as pw')
      .innerJoin('playlists as p', 'p.id', 'pw.playlist_id')
      .select(['pw.playlist_id', 'pw.work_id'])
      .where('pw.playlist_id', 'in', playlistIds)
      .where('pw.work_id', 'in', workIds)
      .where((eb) =>
        userId === null
          ? eb('p.privacy', '<>', 0)
          : eb.or([eb('p.privacy', '<>', 0), eb('p.user_id', '=', userId)]),
      )
      .execute();
    for (const row of rows) {
      const entry = status.get(row.work_id);
      if (entry) entry[row.playlist_id] = true;
    }
    return status;
  }

  /**
   * One page of the playlist's present works, in its order, with how many there are. Both read a few
   * index entries, not the playlist's every work: the page walks the playlist in order and stops after
   * it (test/integration/playlist-page-plan.test.ts).
   */
  async workPage(
    playlistId: string,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('playlist_works as pw')
        .innerJoin('works as w', 'w.id', 'pw.work_id')
        .where('pw.playlist_id', '=', playlistId)
        // The unary plus keeps SQLite from walking the works by their (missing, id) index, all 100,000 of
        // them, instead of the playlist's few rows by its own index (measured: p50 27 ms at 100,000 works).
        // PostgreSQL must see the plain column: `+missing` hid its statistics, so it expected two rows,
        // joined every work of the playlist and sorted them (10 ms for 368) instead of walking
        // playlist_works_order and stopping after the page (0.3 ms).
        .where(this.dialect === 'sqlite' ? sql<number>`+w.missing` : 'w.missing', '=', 0)
        .select('pw.work_id')
        .orderBy('pw.position')
        .orderBy('pw.work_id')
        .offset(offset)
        .limit(limit)
        .execute(),
      // All of the playlist's rows less its missing works: the missing ones are found from the works'
      // (missing, id) index (few), where a join probed the works once per playlist row.
      this.db
        .selectNoFrom((eb) =>
          eb(
            eb
              .selectFrom('playlist_works')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .where('playlist_id', '=', playlistId),
            '-',
            eb
              .selectFrom('works as w')
              .innerJoin('playlist_works as pw', (join) =>
                join.onRef('pw.work_id', '=', 'w.id').on('pw.playlist_id', '=', playlistId),
              )
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .where('w.missing', '=', 1),
          ).as('n'),
        )
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.work_id), total: Number(count.n) };
  }

  /** Which of these ids name works in the catalogue (present or not). */
  async existingWorks(workIds: number[]): Promise<Set<number>> {
    if (workIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('works').select('id').where('id', 'in', workIds).execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Appends the works the playlist does not hold yet, in the given order; the last one added becomes its
   * cover. Counts and cover are set in the same transaction, so two adds at once cannot lose either.
   * Answers the playlist as it is after the change (its owner's name is the caller's).
   */
  async addWorks(playlistId: string, workIds: number[], now: string): Promise<Selectable<PlaylistsTable>> {
    return this.db.transaction().execute(async (trx) => {
      // Taking the playlist's row first makes concurrent adds to it wait for each other (positions).
      await trx.updateTable('playlists').set({ updated_at: now }).where('id', '=', playlistId).execute();
      // The works it holds already and its last position, in one statement (a round trip less): the
      // position's row is the one without a work (typed as the first part's column, as a union must be).
      const rows: Array<{ work_id: number | null; last: number | null }> = await trx
        .selectFrom('playlist_works')
        .select(['work_id', sql<number | null>`NULL`.as('last')])
        .where('playlist_id', '=', playlistId)
        .where('work_id', 'in', workIds)
        .unionAll(
          trx
            .selectFrom('playlist_works')
            .select([sql<number>`NULL`.as('work_id'), (eb) => eb.fn.max('position').as('last')])
            .where('playlist_id', '=', playlistId),
        )
        .execute();
      const heldIds = new Set(rows.flatMap((row) => (row.work_id === null ? [] : [row.work_id])));
      const fresh = workIds.filter((id) => !heldIds.has(id));
      if (fresh.length > 0) {
        const start = Number(rows.find((row) => row.work_id === null)?.last ?? 0);
        await trx
          .insertInto('playlist_works')
          .values(
            fresh.map((work_id, index) => ({
              playlist_id: playlistId,
              work_id,
              position: start + index + 1,
              added_at: now,
            })),
          )
          .execute();
      }
      return this.refreshCounts(trx, playlistId, fresh.at(-1));
    });
  }

  /** Takes the works out; answers the playlist as it is after the change, as addWorks does. */
  async removeWorks(playlistId: string, workIds: number[], now: string): Promise<Selectable<PlaylistsTable>> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('playlists').set({ updated_at: now }).where('id', '=', playlistId).execute();
      await trx
        .deleteFrom('playlist_works')
        .where('playlist_id', '=', playlistId)
        .where('work_id', 'in', workIds)
        .execute();
      return this.refreshCounts(trx, playlistId, undefined);
    });
  }

  /**
   * Sets works_count and, when given, the latest work; else the latest of those left. One statement that
   * answers the changed row, where a count, a read of the latest, the update and a read of the playlist
   * after the commit were four round trips on PostgreSQL.
   */
  private async refreshCounts(
    trx: Transaction<Database>,
    playlistId: string,
    latest: number | undefined,
  ): Promise<Selectable<PlaylistsTable>> {
    return trx
      .updateTable('playlists')
      .set((eb) => ({
        works_count: eb
          .selectFrom('playlist_works')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('playlist_id', '=', playlistId),
        latest_work_id:
          latest ??
          eb
            .selectFrom('playlist_works')
            .select('work_id')
            .where('playlist_id', '=', playlistId)
            .orderBy('added_at', 'desc')
            .orderBy('position', 'desc')
            .limit(1),
      }))
      .where('id', '=', playlistId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Puts a work right after another (null: first) by giving it the midpoint of its new neighbours'
   * positions. False when the playlist holds neither.
   */
  async moveWork(playlistId: string, workId: number, after: number | null, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('playlists').set({ updated_at: now }).where('id', '=', playlistId).execute();
      const positionOf = async (id: number) =>
        (
          await trx
            .selectFrom('playlist_works')
            .select('position')
            .where('playlist_id', '=', playlistId)
            .where('work_id', '=', id)
            .executeTakeFirst()
        )?.position;
      if ((await positionOf(workId)) === undefined) return false;
      const before = after === null ? null : await positionOf(after);
      if (before === undefined) return false;
      const next = await trx
        .selectFrom('playlist_works')
        .select('position')
        .where('playlist_id', '=', playlistId)
        .where('work_id', '<>', workId)
        .$if(before !== null, (query) => query.where('position', '>', before as number))
        .orderBy('position')
        .limit(1)
        .executeTakeFirst();
      const low = before ?? (next ? next.position - 2 : 0);
      const high = next?.position ?? low + 2;
      await trx
        .updateTable('playlist_works')
        .set({ position: (low + high) / 2 })
        .where('playlist_id', '=', playlistId)
        .where('work_id', '=', workId)
        .execute();
      // Halving runs out of precision after about fifty moves into one gap: then renumber the list.
      if (high - low < 1e-9) await this.renumber(trx, playlistId);
      return true;
    });
  }

  private async renumber(trx: Transaction<Database>, playlistId: string): Promise<void> {
    const rows = await trx
      .selectFrom('playlist_works')
      .select('work_id')
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .orderBy('work_id')
      .execute();
    for (const [index, row] of rows.entries()) {
      await trx
        .updateTable('playlist_works')
        .set({ position: index + 1 })
        .where('playlist_id', '=', playlistId)
        .where('work_id', '=', row.work_id)
        .execute();
    }
  }

  async isLiked(playlistId: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('playlist_likes')
      .select('user_id')
      .where('playlist_id', '=', playlistId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Likes or unlikes; the playlist's count follows in the same transaction. */
  async setLiked(playlistId: string, userId: number, liked: boolean, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (liked) {
        await trx
          .insertInto('playlist_likes')
          .values({ playlist_id: playlistId, user_id: userId, created_at: now })
          .onConflict((conflict) => conflict.columns(['playlist_id', 'user_id']).doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom('playlist_likes')
          .where('playlist_id', '=', playlistId)
          .where('user_id', '=', userId)
          .execute();
      }
      const count = await trx
        .selectFrom('playlist_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('playlist_id', '=', playlistId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('playlists')
        .set({ likes_count: Number(count.n) })
        .where('id', '=', playlistId)
        .execute();
    });
  }

  /**
   * Counts a play unless this listener's last counted play of the playlist is after `since`. True when it
   * counted. The conditional upsert decides in one statement, so two plays at once count once.
   */
  async countPlay(playlistId: string, userId: number, now: string, since: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const counted = await trx
        .insertInto('playlist_plays')
        .values({ playlist_id: playlistId, user_id: userId, counted_at: now })
        .onConflict((conflict) =>
          conflict
            .columns(['playlist_id', 'user_id'])
            .doUpdateSet({ counted_at: now })
            .where('playlist_plays.counted_at', '<=', since),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (!counted) return false;
      await trx
        .updateTable('playlists')
        .set((eb) => ({ playback_count: eb('playback_count', '+', 1) }))
        .where('id', '=', playlistId)
        .execute();
      return true;
    });
  }
}
