import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/** Tells every process listening on `channel` (PostgreSQL's NOTIFY; sent when the transaction commits). */
export async function notifyChannel(db: Kysely<Database>, channel: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, '')`.execute(db);
}

export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on `channel`, on a connection of its own (a pooled one goes back to the pool, and its
 * LISTEN with it). A lost connection is opened again after `retryMs`; what was sent meanwhile is not heard,
 * so the caller keeps a periodic check beside it.
 */
export function listenToChannel(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void,
  retryMs = 5_000,
): ChannelListener {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
  };
  const connect = async () => {
    // Loaded here, as db/connection.ts does: a SQLite installation never loads the driver.
    const { default: pg } = await import('pg');
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = null;
      void next.end().catch(() => {});
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onError(error);
      void next.end().catch(() => {});
      again();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
