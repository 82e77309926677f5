import type { Kysely } from 'kysely';

/**
 * Changes that touch one work's card only (a member's tag vote, a tag attached to it), so every process
 * drops that work from its catalogue cache instead of the whole catalogue (services/catalogue-cache.ts).
 * `catalogue_version.work_changes` counts them; `work_changes` names the work of each, by that count.
 * The writer takes the count from the `catalogue_version` row it updates, whose lock it holds until it
 * commits, so the numbers become visible in order and a reader that has seen number n has seen every one
 * before it. Old rows are pruned by the writers (repositories/catalogue-version.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('catalogue_version')
    .addColumn('work_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('work_changes')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .execute();
}
