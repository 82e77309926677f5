import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect.js';

/**
 * Label lists without counting (issue 12, performance budgets): each circle, tag and voice actor keeps
 * how many present works carry it (`work_count`), and `catalogue_version` is a number every metadata
 * writer outside a scan moves, so the catalogue cache of every process sees the change.
 *
 * Triggers on `works`, `work_tags` and `work_vas` do not touch the counts themselves: they append the
 * change (+1/-1 per label) to `label_count_changes`, and the reader folds those into `work_count` before
 * it builds a list (repositories/label.repository.ts). A trigger that updated the count row directly would
 * make every writer lock the popular tags' rows until it commits: on PostgreSQL a scan's per-work
 * transaction and the metadata job's batch would wait on each other and deadlock when they take two
 * tags in opposite orders. Appending locks nothing that others touch.
 *
 * A work counts when it is present (`missing = 0`): its circle once, each linked tag and voice actor once.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  for (const table of ['circles', 'tags', 'vas']) {
    await db.schema
      .alterTable(table)
      .addColumn('work_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('label_count_changes')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalogue_version (id, version) VALUES (1, 0)`.execute(db);

  if (dialect === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  await sql`UPDATE circles SET work_count =
    (SELECT count(*) FROM works w WHERE w.circle_id = circles.id AND w.missing = 0)`.execute(db);
  await sql`UPDATE tags SET work_count = (SELECT count(*) FROM work_tags wt
    JOIN works w ON w.id = wt.work_id AND w.missing = 0 WHERE wt.tag_id = tags.id)`.execute(db);
  await sql`UPDATE vas SET work_count = (SELECT count(*) FROM work_vas wv
    JOIN works w ON w.id = wv.work_id AND w.missing = 0 WHERE wv.va_id = vas.id)`.execute(db);
}

/** The link tables: which label kind each holds and in which column. */
const LINKS = [
  { table: 'work_tags', kind: 'tags', column: 'tag_id' },
  { table: 'work_vas', kind: 'vas', column: 'va_id' },
] as const;

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const change = `INSERT INTO label_count_changes (kind, label_id, delta)`;
  const present = (row: 'NEW' | 'OLD') =>
    `EXISTS (SELECT 1 FROM works WHERE id = ${row}.work_id AND missing = 0)`;
  await sql
    .raw(`CREATE TRIGGER label_counts_work_insert AFTER INSERT ON works
    WHEN NEW.missing = 0 AND NEW.circle_id IS NOT NULL
    BEGIN ${change} VALUES ('circles', NEW.circle_id, 1); END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER label_counts_work_update AFTER UPDATE OF missing, circle_id ON works
    WHEN OLD.missing IS NOT NEW.missing OR OLD.circle_id IS NOT NEW.circle_id
    BEGIN
      ${change} SELECT 'circles', OLD.circle_id, -1 WHERE OLD.missing = 0 AND OLD.circle_id IS NOT NULL;
      ${change} SELECT 'circles', NEW.circle_id, 1 WHERE NEW.missing = 0 AND NEW.circle_id IS NOT NULL;
      ${LINKS.map(
        ({ table, kind, column }) => `${change} SELECT '${kind}', ${column},
          CASE WHEN NEW.missing = 0 THEN 1 ELSE -1 END
          FROM ${table} WHERE work_id = NEW.id AND OLD.missing IS NOT NEW.missing;`,
      ).join('\n')}
    END`)
    .execute(db);
  // Before the row goes: its links are still there to subtract (their cascade then finds no present work).
  await sql
    .raw(`CREATE TRIGGER label_counts_work_delete BEFORE DELETE ON works WHEN OLD.missing = 0
    BEGIN
      ${change} SELECT 'circles', OLD.circle_id, -1 WHERE OLD.circle_id IS NOT NULL;
      ${LINKS.map(
        ({ table, kind, column }) =>
          `${change} SELECT '${kind}', ${column}, -1 FROM ${table} WHERE work_id = OLD.id;`,
      ).join('\n')}
    END`)
    .execute(db);
  for (const { table, kind, column } of LINKS) {
    await sql
      .raw(`CREATE TRIGGER label_counts_${table}_insert AFTER INSERT ON ${table}
      BEGIN ${change} SELECT '${kind}', NEW.${column}, 1 WHERE ${present('NEW')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER label_counts_${table}_delete AFTER DELETE ON ${table}
      BEGIN ${change} SELECT '${kind}', OLD.${column}, -1 WHERE ${present('OLD')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER label_counts_${table}_update AFTER UPDATE OF work_id, ${column} ON ${table}
      WHEN OLD.work_id IS NOT NEW.work_id OR OLD.${column} IS NOT NEW.${column}
      BEGIN
        ${change} SELECT '${kind}', OLD.${column}, -1 WHERE ${present('OLD')};
        ${change} SELECT '${kind}', NEW.${column}, 1 WHERE ${present('NEW')};
      END`)
      .execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const change = `INSERT INTO label_count_changes (kind, label_id, delta)`;
  const present = (row: 'NEW' | 'OLD') =>
    `EXISTS (SELECT 1 FROM works WHERE id = ${row}.work_id AND missing = 0)`;
  await sql
    .raw(`CREATE FUNCTION label_counts_works() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.missing = 0 AND OLD.circle_id IS NOT NULL THEN
        ${change} VALUES ('circles', OLD.circle_id::text, -1);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.missing = 0 AND NEW.circle_id IS NOT NULL THEN
        ${change} VALUES ('circles', NEW.circle_id::text, 1);
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.missing IS DISTINCT FROM NEW.missing THEN
        ${LINKS.map(
          ({ table, kind, column }) => `${change} SELECT '${kind}', ${column}::text,
            CASE WHEN NEW.missing = 0 THEN 1 ELSE -1 END FROM ${table} WHERE work_id = NEW.id;`,
        ).join('\n')}
      END IF;
      IF TG_OP = 'DELETE' THEN
        IF OLD.missing = 0 THEN
          ${LINKS.map(
            ({ table, kind, column }) =>
              `${change} SELECT '${kind}', ${column}::text, -1 FROM ${table} WHERE work_id = OLD.id;`,
          ).join('\n')}
        END IF;
        RETURN OLD;
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER label_counts_work_insert AFTER INSERT ON works
    FOR EACH ROW EXECUTE FUNCTION label_counts_works()`.execute(db);
  await sql`CREATE TRIGGER label_counts_work_update AFTER UPDATE OF missing, circle_id ON works
    FOR EACH ROW WHEN (OLD.missing IS DISTINCT FROM NEW.missing OR OLD.circle_id IS DISTINCT FROM NEW.circle_id)
    EXECUTE FUNCTION label_counts_works()`.execute(db);
  // Before the row goes: its links are still there to subtract (their cascade then finds no present work).
  await sql`CREATE TRIGGER label_counts_work_delete BEFORE DELETE ON works
    FOR EACH ROW EXECUTE FUNCTION label_counts_works()`.execute(db);
  for (const { table, kind, column } of LINKS) {
    await sql
      .raw(`CREATE FUNCTION label_counts_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          ${change} SELECT '${kind}', OLD.${column}::text, -1 WHERE ${present('OLD')};
        END IF;
        IF TG_OP <> 'DELETE' THEN
          ${change} SELECT '${kind}', NEW.${column}::text, 1 WHERE ${present('NEW')};
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER label_counts_${table} AFTER INSERT OR DELETE OR UPDATE OF work_id, ${column}
      ON ${table} FOR EACH ROW EXECUTE FUNCTION label_counts_${table}()`)
      .execute(db);
  }
}
