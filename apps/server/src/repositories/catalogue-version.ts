import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The catalogue's version outside scans. Every process caches lists, works and label lists per catalogue
 * version (services/catalogue-cache.ts) and reads the version at most once a second; a scan moves it by
 * its heartbeat, and every other write that changes what a work or a label list shows (a metadata merge,
 * a hand edit, a new code, an import) must call `markCatalogueChanged` in its transaction, as its last
 * statement: the row stays locked only until that commit, so writers never wait on each other for long.
 */
export async function markCatalogueChanged(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** Where the catalogue stands, as every process's cache checks it once a second (services/catalogue-cache.ts). */
export interface CatalogueState {
  /** Moves whenever a list, a count or a label list may show something else (a scan's heartbeat, a write). */
  version: string;
  /** How many single-work changes there have been (`markWorkChanged`). */
  workChanges: number;
  /** How many times writers outside scans moved the version (`markCatalogueChanged`), part of `version`. */
  writes: number;
}

/**
 * The catalogue's state in one statement (one round trip on PostgreSQL, all from one snapshot): the latest
 * scan's id, status and heartbeat (a running scan beats every few seconds while it commits works), the
 * version other writers move, and the count of single-work changes.
 */
export async function readCatalogueState(db: Kysely<Database>): Promise<CatalogueState> {
  const latestScan = db
    .selectFrom('scans')
    .select(['id', 'status', 'heartbeat_at', 'finished_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .as('s');
  const row = await db
    .selectFrom('catalogue_version as v')
    .leftJoin(latestScan, (join) => join.onTrue())
    .select(['v.version', 'v.work_changes', 's.id', 's.status', 's.heartbeat_at', 's.finished_at'])
    .where('v.id', '=', 1)
    .executeTakeFirst();
  const scanMark =
    row?.id != null ? `${row.id}:${row.status}:${row.heartbeat_at}:${row.finished_at ?? ''}` : '';
  const writes = Number(row?.version ?? 0);
  return { version: `${scanMark}|${writes}`, workChanges: Number(row?.work_changes ?? 0), writes };
}

/**
 * Changes to one work's card kept for processes that have not read them yet: one that falls further
 * behind (more than this many within its one-second check) drops its whole cache instead.
 */
const KEPT_WORK_CHANGES = 10_000;

/**
 * A write that changes one work's card and nothing else any list, count or label shows (a member's tag
 * vote: the counts on that work's tags) calls this in its transaction, as its last statement, instead of
 * `markCatalogueChanged`: every process then drops only that work from its cache. The number comes from
 * the `catalogue_version` row this updates and keeps locked until the commit, so the changes become
 * visible in their numbers' order (migration 2026-11-25-0040).
 */
export async function markWorkChanged(db: Kysely<Database>, workId: number): Promise<void> {
  const { work_changes: seq } = await db
    .updateTable('catalogue_version')
    .set((eb) => ({ work_changes: eb('work_changes', '+', 1) }))
    .where('id', '=', 1)
    .returning('work_changes')
    .executeTakeFirstOrThrow();
  await db.insertInto('work_changes').values({ seq, work_id: workId }).execute();
  await db
    .deleteFrom('work_changes')
    .where('seq', '<=', seq - KEPT_WORK_CHANGES)
    .execute();
}

/**
 * The works changed by changes `after + 1` to `upTo`, or null when some of them were pruned (the reader
 * fell too far behind and must drop everything).
 */
export async function worksChangedBetween(
  db: Kysely<Database>,
  after: number,
  upTo: number,
): Promise<number[] | null> {
  const rows = await db
    .selectFrom('work_changes')
    .select('work_id')
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .execute();
  return rows.length === upTo - after ? rows.map((row) => Number(row.work_id)) : null;
}
