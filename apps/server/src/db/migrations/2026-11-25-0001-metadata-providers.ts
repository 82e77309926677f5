import { type Kysely, sql } from 'kysely';
import { RESERVED_LABEL_ID_START } from '../../scanner/label-ids.js';
import type { DialectKind } from '../dialect.js';

/**
 * Metadata providers (issue 12, docs/metadata.md): each provider's last answer per work (`work_metadata`),
 * hand edits (`work_edits`), which provider gave each field (`works.field_sources`), the new fields, and
 * the links between language editions (`work_edition_links`).
 *
 * A library scanned before has no provider rows. Its works' current values are kept as the row of the
 * provider that gave them (`metadata_source`; 'none' meant a folder-name title, so 'folder'), every known
 * field credited to it. Waiting for the next scan instead would not do: an incremental scan skips unchanged
 * works, and a DLsite answer merged before their rows exist would drop their sidecar's values. The next
 * metadata or full scan replaces these rows with each local provider's own answer.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema
    .createTable('work_metadata')
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addColumn('next_fetch_at', 'text')
    .addPrimaryKeyConstraint('work_metadata_pk', ['work_id', 'provider'])
    .execute();
  // The fetch job picks the works a provider is due for.
  await db.schema
    .createIndex('work_metadata_due')
    .on('work_metadata')
    .columns(['provider', 'next_fetch_at'])
    .execute();

  await db.schema
    .createTable('work_edits')
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text', (c) => c.notNull())
    .addColumn('edited_by', 'text')
    .addPrimaryKeyConstraint('work_edits_pk', ['work_id', 'field'])
    .execute();

  // A work's language editions by id (whether or not they are in the library yet), both ways indexed;
  // `kind` is how the edition relates to the work (metadata/edition-claims.ts).
  await db.schema
    .createTable('work_edition_links')
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('edition_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('edition'))
    .addPrimaryKeyConstraint('work_edition_links_pk', ['work_id', 'edition_id'])
    .execute();
  await db.schema
    .createIndex('work_edition_links_edition')
    .on('work_edition_links')
    .columns(['edition_id', 'work_id'])
    .execute();

  const textColumns = [
    'series',
    'language_editions',
    'translation_info',
    'original_workno',
    'lang',
    'source_type',
    'source_url',
    'rank',
    'cover_url',
  ];
  for (const column of textColumns) await db.schema.alterTable('works').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('works')
    .addColumn('field_sources', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('works')
    .addColumn('other_editions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await keepExistingMetadata(db);
}

interface LegacyWork {
  id: number;
  title: string;
  circle_id: number | null;
  circle_name: string | null;
  release: string | null;
  price: number | null;
  dl_count: number | null;
  nsfw: number | null;
  age: string | null;
  rate_average_2dp: number | null;
  rate_count: number | null;
  rate_count_detail: string | null;
  review_count: number | null;
  metadata_source: string;
  scanned_at: string;
}

const BATCH = 500;

/** An id the scanner invented is not a provider's id: the merge numbers such labels again by name. */
const officialId = (id: number): number | null => (id >= RESERVED_LABEL_ID_START ? null : id);

/** Exported for its test: later migrations build on this one's columns, so it cannot be undone and re-run there. */
export async function keepExistingMetadata(db: Kysely<unknown>): Promise<void> {
  let after = -1;
  for (;;) {
    const works = (
      await sql<LegacyWork>`SELECT w.id, w.title, w.circle_id, c.name AS circle_name, w.release, w.price,
        w.dl_count, w.nsfw, w.age, w.rate_average_2dp, w.rate_count, w.rate_count_detail, w.review_count,
        w.metadata_source, w.scanned_at
        FROM works w LEFT JOIN circles c ON c.id = w.circle_id
        WHERE w.id > ${after} ORDER BY w.id LIMIT ${BATCH}`.execute(db)
    ).rows;
    const last = works.at(-1);
    if (!last) return;
    after = last.id;
    const ids = sql.join(works.map((work) => work.id));
    const tags = await sql<{ work_id: number; id: number; name: string; i18n: string }>`
      SELECT wt.work_id, t.id, t.name, t.i18n FROM work_tags wt JOIN tags t ON t.id = wt.tag_id
      WHERE wt.work_id IN (${ids}) ORDER BY t.name`.execute(db);
    const vas = await sql<{ work_id: number; id: string; name: string }>`
      SELECT wv.work_id, v.id, v.name FROM work_vas wv JOIN vas v ON v.id = wv.va_id
      WHERE wv.work_id IN (${ids}) ORDER BY wv.position`.execute(db);
    const tagsOf = groupByWork(tags.rows);
    const vasOf = groupByWork(vas.rows);
    // Two statements a batch, not two a work: a 100,000-work library on PostgreSQL migrates in seconds.
    const rows = works.map((work) => {
      const provider = work.metadata_source === 'none' ? 'folder' : work.metadata_source;
      const data = legacyData(work, tagsOf.get(work.id) ?? [], vasOf.get(work.id) ?? []);
      const sources = Object.fromEntries(Object.keys(data).map((field) => [field, provider]));
      return { work, provider, data: JSON.stringify(data), sources: JSON.stringify(sources) };
    });
    await sql`INSERT INTO work_metadata (work_id, provider, data, status, fetched_at) VALUES ${sql.join(
      rows.map((row) => sql`(${row.work.id}, ${row.provider}, ${row.data}, 'ok', ${row.work.scanned_at})`),
    )}`.execute(db);
    await sql`UPDATE works SET field_sources = CASE id ${sql.join(
      rows.map((row) => sql`WHEN ${row.work.id} THEN ${row.sources}`),
      sql` `,
    )} END WHERE id IN (${ids})`.execute(db);
  }
}

function groupByWork<T extends { work_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.work_id);
    if (group) group.push(row);
    else groups.set(row.work_id, [row]);
  }
  return groups;
}

/** The work's stored values as a provider answer (the shape of metadata/provider-types.ts at this date). */
function legacyData(
  work: LegacyWork,
  tags: Array<{ id: number; name: string; i18n: string }>,
  vas: Array<{ id: string; name: string }>,
): Record<string, unknown> {
  const data: Record<string, unknown> = { title: work.title };
  if (work.circle_id !== null && work.circle_name !== null)
    data.circle = { id: officialId(work.circle_id), name: work.circle_name };
  if (vas.length) data.vas = vas.map((va) => ({ id: va.id, name: va.name }));
  if (tags.length)
    data.tags = tags.map((tag) => ({ id: officialId(tag.id), name: tag.name, i18n: JSON.parse(tag.i18n) }));
  const plain: Array<[string, unknown]> = [
    ['release', work.release],
    ['price', work.price],
    ['dlCount', work.dl_count],
    ['nsfw', work.nsfw === null ? null : work.nsfw === 1],
    ['age', work.age],
    ['rateAverage', work.rate_average_2dp],
    ['rateCount', work.rate_count],
    ['rateCountDetail', work.rate_count_detail ? JSON.parse(work.rate_count_detail) : null],
    ['reviewCount', work.review_count],
  ];
  for (const [field, value] of plain) if (value !== null) data[field] = value;
  return data;
}
