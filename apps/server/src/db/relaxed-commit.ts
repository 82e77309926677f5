import { type QueryExecutorProvider, sql } from 'kysely';
import type { DialectKind } from './dialect.js';

/**
 * For a listener's frequent small writes (ratings, reviews, progress, resume positions), called first in
 * their transaction: on PostgreSQL its commit does not wait for the WAL to reach the disk
 * (`synchronous_commit = off` for this transaction only). A crash of the machine can lose the last
 * fraction of a second of such writes, never consistency, which is what SQLite's `synchronous = NORMAL`
 * in WAL mode gives every write here. Waiting for the flush was most of such a write's time.
 */
export async function commitWithoutWaitingForDisk(
  trx: QueryExecutorProvider,
  dialect: DialectKind,
): Promise<void> {
  if (dialect === 'postgres') await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}
