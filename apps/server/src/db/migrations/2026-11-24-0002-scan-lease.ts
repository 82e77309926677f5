import type { Kysely } from 'kysely';

/**
 * The running scan's row holds a lease: its owner (a random instance id per process) renews it, and
 * another process may take the lock over only once it expired. Rows written before have none; their
 * expiry is read from the heartbeat (scan-lease.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('lease_expires_at', 'text').execute();
}
