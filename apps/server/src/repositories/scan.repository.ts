import { type Kysely, sql } from 'kysely';
import type { Database, ScanRow } from '../db/schema.js';

/** Who holds the running scan (a process's instance id) and until when (ISO time). */
export interface ScanLease {
  owner: string;
  expiresAt: string;
}

export interface ScanProgressFields {
  counts: string;
  current: string | null;
  errors: string;
}

/**
 * The scans table: the record of every scan and the lock that allows one at a time. The lock is the
 * unique partial index on status = 'running', so it holds across processes sharing the database; the
 * running row's owner holds it on a lease it renews (jobs/scan-lease.ts).
 */
export class ScanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a running scan; undefined when another one is running (the unique index refused it). */
  async insertRunning(
    mode: string,
    lease: ScanLease,
    now: string,
    progress: ScanProgressFields,
  ): Promise<ScanRow | undefined> {
    return (
      this.db
        .insertInto('scans')
        .values({
          mode,
          status: 'running',
          started_at: now,
          heartbeat_at: now,
          owner: lease.owner,
          lease_expires_at: lease.expiresAt,
          cancel_requested: 0,
          ...progress,
        })
        // The predicate must be a literal: SQLite matches it textually against the partial index's WHERE.
        .onConflict((conflict) =>
          conflict.column('status').where('status', '=', sql.lit('running')).doNothing(),
        )
        .returningAll()
        .executeTakeFirst()
    );
  }

  async findRunning(): Promise<ScanRow | undefined> {
    return this.db.selectFrom('scans').selectAll().where('status', '=', 'running').executeTakeFirst();
  }

  async findById(id: number): Promise<ScanRow | undefined> {
    return this.db.selectFrom('scans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of scans, newest first, and how many there are (the scanner page's history). */
  async page(offset: number, limit: number): Promise<{ rows: ScanRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('scans')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await this.db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    // PostgreSQL counts in bigint, which its driver answers as a string.
    return { rows, total: Number(count.total) };
  }

  /** The running scan, else the most recent one. */
  async latest(): Promise<ScanRow | undefined> {
    return (
      (await this.findRunning()) ??
      this.db.selectFrom('scans').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()
    );
  }

  /**
   * Marks a running scan abandoned (its owner stopped renewing the lease); only if its heartbeat is still
   * the one the caller judged expired, so an owner that renewed in the meantime keeps its scan.
   */
  async abandon(id: number, heartbeatSeen: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scans')
      .set({ status: 'abandoned', finished_at: now, current: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('heartbeat_at', '=', heartbeatSeen)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Renews the owner's lease and records progress; says whether the scan is still the owner's (another
   * process may have found the lease expired and abandoned it) and whether a cancel was requested.
   */
  async renew(
    id: number,
    lease: ScanLease,
    now: string,
    progress: ScanProgressFields,
  ): Promise<{ running: boolean; cancelRequested: boolean }> {
    const row = await this.db
      .updateTable('scans')
      .set({ heartbeat_at: now, lease_expires_at: lease.expiresAt, ...progress })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('owner', '=', lease.owner)
      .returning('cancel_requested')
      .executeTakeFirst();
    return { running: row !== undefined, cancelRequested: row?.cancel_requested === 1 };
  }

  async finish(id: number, status: string, now: string, progress: ScanProgressFields): Promise<void> {
    await this.db
      .updateTable('scans')
      .set({ status, finished_at: now, heartbeat_at: now, ...progress })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Flags the running scan for cancellation (any process may); undefined when none runs. */
  async requestCancel(): Promise<ScanRow | undefined> {
    return this.db
      .updateTable('scans')
      .set({ cancel_requested: 1 })
      .where('status', '=', 'running')
      .returningAll()
      .executeTakeFirst();
  }
}
