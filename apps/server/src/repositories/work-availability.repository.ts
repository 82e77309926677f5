import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A work hidden because its library folder was not mounted. */
export interface UnavailableWork {
  id: number;
  root_dir: string;
  dir: string;
}

export interface UnavailableRootRow {
  root_dir: string;
  works: number;
  since: string;
}

const BATCH = 500;

/**
 * Works hidden because their library folder is not mounted (migration 2026-11-25-0030): `missing = 1` like
 * any work whose folder went away, plus `unavailable_since`, which says why and lets them come back as they
 * were. Every read here goes through the partial index on such works, so it costs nothing on a healthy
 * library.
 */
export class WorkAvailabilityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Hides the present works of a library folder found not mounted; answers their ids. */
  async hideRoot(rootDir: string, now: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('works')
      .set({ missing: 1, unavailable_since: now })
      .where('root_dir', '=', rootDir)
      .where('missing', '=', 0)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The works of these library folders hidden while they were not mounted. */
  async unavailableOf(rootDirs: readonly string[]): Promise<UnavailableWork[]> {
    if (rootDirs.length === 0) return [];
    return this.db
      .selectFrom('works')
      .select(['id', 'root_dir', 'dir'])
      .where('root_dir', 'in', rootDirs)
      .where('unavailable_since', 'is not', null)
      .where('missing', '=', 1)
      .execute();
  }

  /** Shows these works again (their library folder is back); a work no longer marked unavailable is left. */
  async restore(ids: readonly number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += BATCH) {
      await this.db
        .updateTable('works')
        .set({ missing: 0, unavailable_since: null })
        .where('id', 'in', ids.slice(start, start + BATCH))
        .where('unavailable_since', 'is not', null)
        .execute();
    }
  }

  /** Each library folder with works hidden because it was not mounted: how many, and since when. */
  async unavailableRoots(): Promise<UnavailableRootRow[]> {
    const rows = await this.db
      .selectFrom('works')
      .select((eb) => [
        'root_dir',
        eb.fn.countAll<number | string>().as('works'),
        eb.fn.min('unavailable_since').as('since'),
      ])
      .where('unavailable_since', 'is not', null)
      .where('missing', '=', 1)
      .groupBy('root_dir')
      .orderBy('root_dir')
      .execute();
    // PostgreSQL counts in bigint, which its driver answers as a string.
    return rows.map((row) => ({
      root_dir: row.root_dir,
      works: Number(row.works),
      since: String(row.since),
    }));
  }
}
