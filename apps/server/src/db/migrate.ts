import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DialectKind } from './dialect.js';
import * as initial from './migrations/2026-11-22-0001-initial.js';
import * as coverSource from './migrations/2026-11-22-0002-cover-source.js';
import * as accounts from './migrations/2026-11-22-0003-accounts.js';
import * as plannerStatistics from './migrations/2026-11-22-0004-planner-statistics.js';
import * as scanLease from './migrations/2026-11-24-0002-scan-lease.js';
import * as userNameKeys from './migrations/2026-11-24-0003-user-name-keys.js';
import * as metadataProviders from './migrations/2026-11-25-0001-metadata-providers.js';
import * as folderWorkIds from './migrations/2026-11-25-0002-folder-work-ids.js';
import * as dlsiteGenres from './migrations/2026-11-25-0003-dlsite-genres.js';
import * as kikoeruUsers from './migrations/2026-11-25-0004-kikoeru-users.js';
import * as labelCounts from './migrations/2026-11-25-0006-label-counts.js';
import * as languageEditions from './migrations/2026-11-25-0007-language-editions.js';
import * as playlists from './migrations/2026-11-25-0010-playlists.js';
import * as tagVotes from './migrations/2026-11-25-0011-tag-votes.js';
import * as userAdministration from './migrations/2026-11-25-0020-user-administration.js';
import * as unavailableWorks from './migrations/2026-11-25-0030-unavailable-works.js';
import * as workChanges from './migrations/2026-11-25-0040-work-changes.js';
import type { Database } from './schema.js';

/** Append-only, named by date. Each runs once, in name order, at start-up. */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> }> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-cover-source': coverSource,
  '2026-11-22-0003-accounts': accounts,
  '2026-11-22-0004-planner-statistics': plannerStatistics,
  '2026-11-24-0002-scan-lease': scanLease,
  '2026-11-24-0003-user-name-keys': userNameKeys,
  '2026-11-25-0001-metadata-providers': metadataProviders,
  '2026-11-25-0002-folder-work-ids': folderWorkIds,
  '2026-11-25-0003-dlsite-genres': dlsiteGenres,
  '2026-11-25-0004-kikoeru-users': kikoeruUsers,
  '2026-11-25-0006-label-counts': labelCounts,
  '2026-11-25-0007-language-editions': languageEditions,
  '2026-11-25-0010-playlists': playlists,
  '2026-11-25-0011-tag-votes': tagVotes,
  '2026-11-25-0020-user-administration': userAdministration,
  '2026-11-25-0030-unavailable-works': unavailableWorks,
  '2026-11-25-0040-work-changes': workChanges,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, migration]) => [
        name,
        { up: (db) => migration.up(db, this.dialect) },
      ]),
    );
  }
}

/**
 * Whether every migration ran already, in one statement. Kysely's migrator looks its tables up in the
 * catalogue, takes its lock and reads them in a transaction: eight round trips, 0.15 s of each start on
 * PostgreSQL (bench/README.md, start-up). A database without the table (never migrated) is not.
 */
async function allMigrationsRan(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const ran = new Set(rows.map((row) => row.name));
    return Object.keys(MIGRATIONS).every((name) => ran.has(name));
  } catch {
    return false;
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectKind): Promise<void> {
  if (await allMigrationsRan(db)) return;
  // Migrations are written side by side and can land out of name order (2026-11-25-0004 after -0007): a
  // database that ran a later-named one first still gets the earlier one, instead of refusing to start
  // with "corrupted migrations". Pending ones still run in name order; each is independent of those
  // sharing its date.
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
}
