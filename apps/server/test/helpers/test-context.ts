import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type Config, type FileConfig, loadConfig } from '../../src/config/config.js';
import { type AppContext, createContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';
import { asPostgresAdmin, postgresDatabaseUrl } from './postgres-admin.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_POSTGRES_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestServer {
  ctx: AppContext;
  app: App;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A new PostgreSQL database on the test server, migrated to the latest schema: a copy of the run's
 * template (postgres-template.setup.ts), or empty when the suite runs without that setup. Dropped again
 * by the returned function.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sasayaki_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await asPostgresAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: postgresDatabaseUrl(name),
    drop: () => asPostgresAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A data folder and a database that several starts of a server share (restarts, several processes). */
export interface TestPlace {
  dataDir: string;
  /** PostgreSQL's; SQLite's file is in the data folder. */
  databaseUrl?: string;
  remove(): Promise<void>;
}

export async function createTestPlace(kind: DatabaseKind): Promise<TestPlace> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  return {
    dataDir,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    async remove() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServerOptions {
  logStream?: NodeJS.WritableStream;
  /**
   * `<data>/config.json`, over the tests' own (DLsite off). Start values a test changes through the Settings
   * route go here: an environment value cannot be changed there (409), as in production.
   */
  file?: FileConfig;
  /** Start on this data folder and database, which outlive the server (`createTestPlace`). */
  place?: TestPlace;
}

/**
 * A whole server on a temporary data folder and a new database of the given kind, built through the
 * same `createContext` and `buildApp` as production. `env` adds or overrides settings.
 */
export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const owned = options.place ? null : await createTestPlace(kind);
  const { dataDir, databaseUrl } = options.place ?? (owned as TestPlace);
  const file = options.file ?? {};
  // Tests never reach the network: the DLsite suites turn it on, pointed at their fixture server.
  const dlsite = { enabled: false, ...file.metadata?.dlsite };
  writeFileSync(
    join(dataDir, 'config.json'),
    JSON.stringify({ ...file, metadata: { ...file.metadata, dlsite } }),
  );
  const config = loadConfig({
    SASAYAKI_DATA: dataDir,
    SASAYAKI_SCAN_ON_STARTUP: 'false',
    // Catalogue, media and scanner suites run with accounts off; the accounts suites turn them on.
    SASAYAKI_AUTH: 'false',
    SASAYAKI_ADMIN_PASSWORD: 'admin-password',
    SASAYAKI_STRICT_RESPONSES: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  // A captured log uses the production logger (its redaction is under test) at `debug`, where the request
  // lines are (http/plugins/request-log.plugin.ts); otherwise quiet.
  const logger = options.logStream
    ? createLogger('debug', options.logStream)
    : pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const ctx = await createContext(config, logger);
  // As `serve` does before its first request (main.ts).
  await ctx.adminSettings.settleFoldersAtStart();
  const app = await buildApp(ctx);
  await app.ready();
  return {
    ctx,
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await ctx.close();
      await owned?.remove();
    },
  };
}
