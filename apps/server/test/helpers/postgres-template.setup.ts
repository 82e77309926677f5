import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { DEFAULT_PG_POOL_SIZE } from '../../src/config/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { asPostgresAdmin, postgresDatabaseUrl } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated PostgreSQL database each test database is copied from (test-context.ts), null without
     * TEST_POSTGRES_URL: a copy takes about 0.8 s where creating a database and migrating it took 2.4 s.
     */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest's global setup for the server project: once a run, a PostgreSQL database migrated to the latest
 * schema, dropped again at the end. Nothing stays connected to it, as PostgreSQL requires of a template.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_POSTGRES_URL) {
    project.provide('postgresTemplate', null);
    return undefined;
  }
  const name = `sasayaki_template_${randomBytes(6).toString('hex')}`;
  await asPostgresAdmin(`CREATE DATABASE ${name}`);
  const drop = () => asPostgresAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const database = await openDatabase({
      kind: 'postgres',
      url: postgresDatabaseUrl(name),
      poolSize: DEFAULT_PG_POOL_SIZE,
    });
    try {
      await migrateToLatest(database.db, database.dialect);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
