import { type Kysely, sql } from 'kysely';

/**
 * Works of a library folder that is not mounted (issue 15 item 4): `works.unavailable_since` marks works
 * hidden because their library folder is missing or empty where they were, as opposed to works whose own
 * folder went away. Both are `missing = 1` (so every list, count and trigger hides them alike); this column
 * lets the scanner page name the folder and count its works, and lets them come back, without being read
 * again, when the folder returns. The partial index holds only such works: none on a healthy library, so
 * the scan's writes of `works` pay nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('works').addColumn('unavailable_since', 'text').execute();
  await sql`CREATE INDEX works_unavailable_root ON works (root_dir) WHERE unavailable_since IS NOT NULL`.execute(
    db,
  );
}
