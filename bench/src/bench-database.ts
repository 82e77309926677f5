import { openDatabase } from '@sasayaki/server/db/connection.js';
import { sql } from 'kysely';
import type { DatabaseKind } from './report.js';

export interface BenchDatabase {
  /** DATABASE_URL for the server; undefined means SQLite in the data folder. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one part of the run. PostgreSQL gets a new database on the server of
 * TEST_POSTGRES_URL (dropped afterwards, even when its connections linger); SQLite needs nothing, its
 * file lives in the data folder that is removed with the temporary folder.
 */
export async function createBenchDatabase(
  kind: DatabaseKind,
  name: string,
  postgresUrl?: string,
): Promise<BenchDatabase> {
  if (kind === 'sqlite') return { drop: async () => {} };
  if (!postgresUrl) throw new Error('PostgreSQL needs TEST_POSTGRES_URL');
  // One statement at a time (CREATE or DROP DATABASE): one connection.
  const admin = () => openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 1 });
  const create = await admin();
  try {
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(create.db);
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(create.db);
  } finally {
    await create.close();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const handle = await admin();
      try {
        await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}
