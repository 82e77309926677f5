import { formatWorkCode } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** The library folder of factory works without files on disk (a folder that does not exist). */
export const FACTORY_LIBRARY = '/nonexistent-library';

export interface FactoryWork {
  id: number;
  title: string;
  circle?: { id: number; name: string };
  tags?: Array<{ id: number; name: string; i18n?: Record<string, { name: string }> }>;
  vas?: Array<{ id: string; name: string }>;
  release?: string | null;
  create_date?: string;
  price?: number | null;
  dl_count?: number | null;
  nsfw?: boolean | null;
  age?: 'general' | 'r15' | 'adult' | null;
  has_subtitle?: boolean;
  rate_average_2dp?: number | null;
  rate_count?: number | null;
  review_count?: number | null;
  duration?: number;
  missing?: boolean;
  /**
   * The library folder holding `RJxxxxxx/` with the files, when a test streams them for real; else
   * `FACTORY_LIBRARY`. Files are served from configured library folders only: a test that asks for them
   * configures this folder (`SASAYAKI_LIBRARY`).
   */
  rootDir?: string;
  files?: Array<{
    path: string;
    type: string;
    size?: number;
    duration?: number;
    /** Bits per second; null (unknown) when left out. */
    bitrate?: number;
    subtitle?: string;
  }>;
}

/**
 * Inserts works straight into the catalogue tables, as a finished scan would leave them (with its
 * `scans` row, which also tells the catalogue cache that the catalogue changed), so catalogue tests do
 * not depend on files on disk.
 */
export async function insertWorks(db: Kysely<Database>, works: FactoryWork[]): Promise<void> {
  await insertWorkRows(db, works);
  const now = new Date().toISOString();
  const counts = { found: works.length, added: works.length, updated: 0, removed: 0, failed: 0, skipped: 0 };
  await db
    .insertInto('scans')
    .values({
      mode: 'incremental',
      status: 'finished',
      started_at: now,
      finished_at: now,
      heartbeat_at: `${now}#${Math.random()}`,
      owner: 'test-factory',
      counts: JSON.stringify(counts),
      cancel_requested: 0,
      errors: '[]',
    })
    .execute();
}

async function insertWorkRows(db: Kysely<Database>, works: FactoryWork[]): Promise<void> {
  for (const work of works) {
    if (work.circle) {
      await db
        .insertInto('circles')
        .values(work.circle)
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    }
    for (const tag of work.tags ?? []) {
      await db
        .insertInto('tags')
        .values({ id: tag.id, name: tag.name, i18n: JSON.stringify(tag.i18n ?? {}) })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    }
    for (const va of work.vas ?? []) {
      await db
        .insertInto('vas')
        .values(va)
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    }
    const searchText = [
      work.title,
      work.circle?.name,
      ...(work.tags ?? []).flatMap((tag) => [
        tag.name,
        ...Object.values(tag.i18n ?? {}).map((entry) => entry.name),
      ]),
      ...(work.vas ?? []).map((va) => va.name),
      formatWorkCode(work.id),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    await db
      .insertInto('works')
      .values({
        id: work.id,
        title: work.title,
        circle_id: work.circle?.id ?? null,
        release: work.release ?? null,
        create_date: work.create_date ?? '2026-01-01T00:00:00.000Z',
        price: work.price ?? null,
        dl_count: work.dl_count ?? null,
        nsfw: work.nsfw === undefined || work.nsfw === null ? null : work.nsfw ? 1 : 0,
        age: work.age ?? null,
        has_subtitle: work.has_subtitle ? 1 : 0,
        rate_average_2dp: work.rate_average_2dp ?? null,
        rate_count: work.rate_count ?? null,
        rate_count_detail: null,
        review_count: work.review_count ?? null,
        duration: work.duration ?? 0,
        root_dir: work.rootDir ?? FACTORY_LIBRARY,
        dir: formatWorkCode(work.id),
        dir_raw: null,
        content_signature: null,
        metadata_source: 'workinfo',
        cover_key: null,
        search_text: searchText,
        missing: work.missing ? 1 : 0,
        scanned_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    for (const tag of work.tags ?? [])
      await db.insertInto('work_tags').values({ work_id: work.id, tag_id: tag.id }).execute();
    for (const [position, va] of (work.vas ?? []).entries()) {
      await db.insertInto('work_vas').values({ work_id: work.id, va_id: va.id, position }).execute();
    }
    const files = work.files ?? [];
    for (const [index, file] of files.entries()) {
      const subtitleIndex =
        file.subtitle === undefined ? -1 : files.findIndex((f) => f.path === file.subtitle);
      await db
        .insertInto('files')
        .values({
          work_id: work.id,
          file_id: index,
          path: file.path,
          path_raw: null,
          type: file.type,
          size: file.size ?? 1000,
          mtime_ms: 1_700_000_000_000,
          duration: file.duration ?? null,
          bitrate: file.bitrate ?? null,
          subtitle_file_id: subtitleIndex === -1 ? null : subtitleIndex,
          sort_index: index,
        })
        .execute();
    }
  }
}
