import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { EDITED_COVER_SOURCE, isEditedCover } from '../media/edited-cover.js';
import { isRemoteCover, REMOTE_COVER_PREFIX } from '../media/remote-cover-source.js';
import type { OrderedProviderName, ProviderStatus } from '../metadata/provider-types.js';

/** DLsite's voice works: RJ codes, ids 1 .. 99,999,999 (`@sasayaki/api-contract` rj-code.ts). */
const RJ_ID_END = 100_000_000;

export interface DueWork {
  id: number;
  /** The provider's last status for the work; null when it was never asked. */
  status: ProviderStatus | null;
}

/**
 * The fetch job's SQL (metadata/fetch-job.ts): which works a fetching provider should ask about now (never
 * asked, or past their `next_fetch_at`), and the covers it makes.
 */
export class MetadataFetchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private dueQuery(provider: OrderedProviderName, now: string) {
    return this.db
      .selectFrom('works as w')
      .leftJoin('work_metadata as m', (join) =>
        join.onRef('m.work_id', '=', 'w.id').on('m.provider', '=', provider),
      )
      .where('w.missing', '=', 0)
      .where('w.id', '>', 0)
      .where('w.id', '<', RJ_ID_END)
      .where((eb) => eb.or([eb('m.work_id', 'is', null), eb('m.next_fetch_at', '<=', now)]));
  }

  /** Works never asked first (new ones), then those due again, in id order. */
  async due(provider: OrderedProviderName, now: string, limit: number): Promise<DueWork[]> {
    const rows = await this.dueQuery(provider, now)
      .select(['w.id as id', 'm.status as status'])
      .orderBy((eb) => eb.case().when('m.work_id', 'is', null).then(0).else(1).end())
      .orderBy('w.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, status: (row.status as ProviderStatus | null) ?? null }));
  }

  async countDue(provider: OrderedProviderName, now: string): Promise<number> {
    const row = await this.dueQuery(provider, now)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async coverOf(workId: number): Promise<{ cover_key: string | null; cover_source: string | null } | null> {
    const row = await this.db
      .selectFrom('works')
      .select(['cover_key', 'cover_source'])
      .where('id', '=', workId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Makes a fetched image the work's cover when it has none of its own (no cover, or one fetched before),
   * or when the administrator prefers fetched covers; never over a cover an administrator chose. The
   * condition is in the update itself, so a scan that gave the work a local cover meanwhile wins.
   */
  async setRemoteCover(workId: number, key: string, source: string, preferRemote: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('works')
      .set({ cover_key: key, cover_source: source })
      .where('id', '=', workId)
      .where((eb) =>
        preferRemote
          ? eb.or([eb('cover_source', 'is', null), eb('cover_source', '!=', EDITED_COVER_SOURCE)])
          : eb.or([eb('cover_source', 'is', null), eb('cover_source', 'like', `${REMOTE_COVER_PREFIX}%`)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

/** Whether a work with this cover should get the fetched one (the same rule as `setRemoteCover`). */
export function wantsRemoteCover(coverSource: string | null, preferRemote: boolean): boolean {
  if (isEditedCover(coverSource)) return false;
  return coverSource === null || isRemoteCover(coverSource) || preferRemote;
}
