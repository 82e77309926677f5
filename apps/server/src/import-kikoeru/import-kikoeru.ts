import { formatWorkCode, NewUserName } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import { kikoeruPasswordHash, kikoeruSecretId, saveKikoeruSecret } from '../auth/kikoeru-passwords.js';
import { newUserName } from '../auth/user-name.js';
import type { AppContext } from '../context.js';
import type { DialectKind } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { WorkMetadataStore, WorkProviderResult } from '../metadata/work-metadata-store.js';
import { markCatalogueChanged } from '../repositories/catalogue-version.js';
import {
  CatalogueWriteRepository,
  type LabelWriter,
  type Trx,
} from '../repositories/catalogue-write.repository.js';
import {
  type ImportedReviewRow,
  KikoeruImportRepository,
  type NewImportedUser,
} from '../repositories/kikoeru-import.repository.js';
import { readKikoeruConfig } from './kikoeru-config.js';
import { readKikoeruDatabase } from './kikoeru-database.js';
import { type ImportProblem, type KikoeruRecords, kikoeruRecords } from './kikoeru-records.js';

export interface ImportOptions {
  /** kikoeru's `db.sqlite3`. */
  databasePath: string;
  /** kikoeru's `config.json`: its `md5secret` keeps the users' passwords usable. */
  configPath?: string;
  dryRun?: boolean;
  /** kikoeru name → existing Sasayaki name whose account takes that user's reviews (`--map-user`). */
  mapUsers?: ReadonlyMap<string, string>;
}

export interface ImportReport {
  dryRun: boolean;
  works: { inLibrary: number; notInLibrary: number; absentAdded: number };
  /** The `kikoeru` provider's answers: new, changed since the last import, or the same. */
  metadata: { added: number; updated: number; unchanged: number };
  /** Circles, tags and voice actors the catalogue did not have before. */
  newLabels: { circles: number; tags: number; vas: number };
  users: { added: number; updated: number; unchanged: number; mapped: number; skipped: number };
  reviews: { added: number; unchanged: number; kept: number; skipped: number };
  /** Whether imported passwords work at the next login ('kept') or need a reset ('unusable'). */
  passwords: 'kept' | 'unusable';
  problems: ImportProblem[];
}

export interface ImportDependencies {
  db: Kysely<Database>;
  dialect: DialectKind;
  dataDir: string;
  /** Stores the `kikoeru` provider's answers and merges them into the works. */
  metadata: Pick<WorkMetadataStore, 'saveAndMergeManyInCommit'>;
  now?: () => Date;
}

/** The dependencies as a server context (`createContext`) has them. */
export function importDependencies(ctx: AppContext): ImportDependencies {
  return {
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    dataDir: ctx.config.dataDir,
    metadata: ctx.metadata,
  };
}

/** Thrown inside the transaction of a dry run, so that everything it did is rolled back. */
class DryRunRollback extends Error {}

/**
 * `sasayaki import-kikoeru`: brings a kikoeru-express installation's metadata, users, ratings, reviews and
 * progress into this one (docs/metadata.md, "Moving in from kikoeru"). The source is read and checked
 * whole first; the writes run in one transaction, so a failure changes nothing; a dry run does all of it
 * and rolls back. Running it again finds everything in place and changes nothing.
 */
export async function importKikoeru(deps: ImportDependencies, options: ImportOptions): Promise<ImportReport> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const tables = readKikoeruDatabase(options.databasePath);
  const config = options.configPath ? readKikoeruConfig(options.configPath) : null;
  // kikoeru's default tag language, when its config is not given.
  const records = kikoeruRecords(tables, config ? config.tagLanguage : 'zh-cn', now);
  const secretId = config ? kikoeruSecretId(config.md5secret) : null;
  // Before the writes: a login must find the secret as soon as its users exist. An unused file is harmless.
  if (config && !options.dryRun) saveKikoeruSecret(deps.dataDir, config.md5secret);

  const report: ImportReport = {
    dryRun: options.dryRun ?? false,
    works: { inLibrary: 0, notInLibrary: 0, absentAdded: 0 },
    metadata: { added: 0, updated: 0, unchanged: 0 },
    newLabels: { circles: 0, tags: 0, vas: 0 },
    users: { added: 0, updated: 0, unchanged: 0, mapped: 0, skipped: 0 },
    reviews: { added: 0, unchanged: 0, kept: 0, skipped: 0 },
    passwords: config ? 'kept' : 'unusable',
    problems: [...records.problems],
  };
  try {
    // The catalogue's transaction: its label writer resolves circles, tags and VAs as a scan's commit does.
    await new CatalogueWriteRepository(deps.db, deps.dialect).transaction(async (trx, labels) => {
      const repository = new KikoeruImportRepository(trx);
      const labelsBefore = await repository.labelCounts();
      const userIds = await importUsers(
        repository,
        records,
        secretId,
        options.mapUsers ?? new Map(),
        report,
        now,
      );
      await importWorks(repository, records, report, now);
      await importMetadata({ trx, labels, repository, metadata: deps.metadata }, records, report);
      await importReviews(repository, records, userIds, report);
      const labelsAfter = await repository.labelCounts();
      report.newLabels = {
        circles: labelsAfter.circles - labelsBefore.circles,
        tags: labelsAfter.tags - labelsBefore.tags,
        vas: labelsAfter.vas - labelsBefore.vas,
      };
      // Lists, work pages and label lists of every server process refresh (last: it locks the version row).
      if (report.metadata.added + report.metadata.updated > 0) await markCatalogueChanged(trx);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return report;
}

/** A stored hash no password matches (verifyPassword accepts only argon2 and kikoeru hashes). */
const NO_PASSWORD = '!';

/** Which Sasayaki user each kikoeru user's reviews go to; users that cannot come are reported. */
async function importUsers(
  repository: KikoeruImportRepository,
  records: KikoeruRecords,
  secretId: string | null,
  mapUsers: ReadonlyMap<string, string>,
  report: ImportReport,
  now: string,
): Promise<Map<string, number>> {
  const existing = await repository.users();
  const byId = new Map(existing.map((user) => [user.id, user]));
  const byName = new Map(existing.map((user) => [user.name, user]));
  const byKey = new Map(existing.flatMap((user) => (user.name_key ? [[user.name_key, user] as const] : [])));
  const imported = await repository.importedUsers();
  const userIds = new Map<string, number>();
  const additions: Array<NewImportedUser & { kikoeruName: string }> = [];
  const skip = (name: string, message: string) => {
    report.users.skipped++;
    report.problems.push({ kind: 'user', subject: name, message });
  };
  for (const user of records.users) {
    const hash = user.md5 ? kikoeruPasswordHash(user.md5, secretId) : NO_PASSWORD;
    const mappedTo = mapUsers.get(user.name);
    if (mappedTo !== undefined) {
      const target = byName.get(mappedTo);
      // The guest account is everyone's and cannot write: reviews given to it would be anyone's.
      if (!target || target.group === 'guest') {
        skip(
          user.name,
          `--map-user names "${mappedTo}", which is not a Sasayaki account that can keep reviews; skipped`,
        );
        continue;
      }
      userIds.set(user.name, target.id);
      report.users.mapped++;
      continue;
    }
    const earlier = byId.get(imported.get(user.name) ?? -1);
    if (earlier) {
      userIds.set(user.name, earlier.id);
      // Imported before without the secret, and given it now: the password becomes usable.
      if (secretId && user.md5 && earlier.password_hash === kikoeruPasswordHash(user.md5, null)) {
        await repository.setPasswordHash(earlier.id, hash);
        report.users.updated++;
      } else report.users.unchanged++;
      continue;
    }
    // The API's rule for new names (no invisible or direction-changing characters), then its stored form.
    const refused = NewUserName.safeParse(user.name).error?.issues[0]?.message;
    if (refused) {
      skip(user.name, `${refused}; skipped with its reviews`);
      continue;
    }
    let name: { name: string; key: string };
    try {
      name = newUserName(user.name, 'user');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skip(user.name, `${error.message}; skipped with its reviews`);
      continue;
    }
    const taken = byName.get(name.name) ?? byKey.get(name.key);
    if (taken) {
      skip(
        user.name,
        `the Sasayaki account "${taken.name}" has this name or one that looks like it; skipped with its reviews (--map-user "${user.name}=${taken.name}" gives them to that account)`,
      );
      continue;
    }
    const addition = { name: name.name, name_key: name.key, password_hash: hash, kikoeruName: user.name };
    additions.push(addition);
    // Later kikoeru names that look like this one collide with it.
    const reserved = { id: -1, name: name.name, name_key: name.key, password_hash: hash, group: 'user' };
    byName.set(name.name, reserved);
    byKey.set(name.key, reserved);
  }
  const added = await repository.addUsers(additions, now);
  for (const addition of additions) {
    const id = added.get(addition.kikoeruName);
    if (id === undefined)
      skip(addition.kikoeruName, 'the name was taken while importing; skipped with its reviews');
    else userIds.set(addition.kikoeruName, id);
  }
  report.users.added += added.size;
  return userIds;
}

async function importWorks(
  repository: KikoeruImportRepository,
  records: KikoeruRecords,
  report: ImportReport,
  now: string,
): Promise<void> {
  const stored = await repository.works(records.works.map((work) => work.id));
  const absent = records.works
    .filter((work) => !stored.has(work.id))
    .map((work) => ({ id: work.id, title: work.metadata.title ?? '' }));
  await repository.addAbsentWorks(absent, now);
  report.works.absentAdded = absent.length;
  for (const work of records.works) {
    if (stored.get(work.id) === false) report.works.inLibrary++;
    else report.works.notInLibrary++;
  }
}

/**
 * kikoeru's metadata of each work as the `kikoeru` provider's answer, merged with the work's other
 * providers and hand edits (the order decides, docs/metadata.md). An answer equal to the stored one is
 * left alone, so a second import merges nothing.
 */
async function importMetadata(
  target: {
    trx: Trx;
    labels: LabelWriter;
    repository: KikoeruImportRepository;
    metadata: ImportDependencies['metadata'];
  },
  records: KikoeruRecords,
  report: ImportReport,
): Promise<void> {
  const stored = await target.repository.kikoeruAnswers(records.works.map((work) => work.id));
  const changed: WorkProviderResult[] = [];
  for (const work of records.works) {
    const data = JSON.stringify(work.metadata);
    const before = stored.get(work.id);
    if (before?.status === 'ok' && before.data === data) {
      report.metadata.unchanged++;
      continue;
    }
    if (before) report.metadata.updated++;
    else report.metadata.added++;
    changed.push({ workId: work.id, provider: 'kikoeru', result: { status: 'ok', data: work.metadata } });
  }
  // One batch merge: a constant number of statements per batch of works, not a dozen round trips a work.
  await target.metadata.saveAndMergeManyInCommit(target.trx, target.labels, changed);
}

function sameReview(stored: ImportedReviewRow, wanted: ImportedReviewRow): boolean {
  return (
    stored.rating === wanted.rating &&
    (stored.review_text ?? null) === (wanted.review_text ?? null) &&
    (stored.progress ?? null) === (wanted.progress ?? null)
  );
}

/**
 * Reviews of works kikoeru knew (in the library or kept for a later scan). One already in Sasayaki is
 * kept as it is, even when it differs: it is newer than the import, or the import's own.
 */
async function importReviews(
  repository: KikoeruImportRepository,
  records: KikoeruRecords,
  userIds: ReadonlyMap<string, number>,
  report: ImportReport,
): Promise<void> {
  // kikoeru's foreign keys tie reviews to its works; a damaged or hand-edited file may not.
  const kikoeruWorks = new Set(records.works.map((work) => work.id));
  const others = [...new Set(records.reviews.map((review) => review.workId))].filter(
    (id) => !kikoeruWorks.has(id),
  );
  const libraryWorks = await repository.works(others);
  const stored = await repository.reviews([...new Set(userIds.values())]);
  const additions: ImportedReviewRow[] = [];
  for (const review of records.reviews) {
    const userId = userIds.get(review.userName);
    if (userId === undefined) {
      report.reviews.skipped++;
      continue;
    }
    if (!kikoeruWorks.has(review.workId) && !libraryWorks.has(review.workId)) {
      report.reviews.skipped++;
      report.problems.push({
        kind: 'review',
        subject: `${review.userName}/${formatWorkCode(review.workId)}`,
        message: 'the work is neither in kikoeru nor in this library; left out',
      });
      continue;
    }
    const row: ImportedReviewRow = {
      user_id: userId,
      work_id: review.workId,
      rating: review.rating,
      review_text: review.reviewText,
      progress: review.progress,
      updated_at: review.updatedAt,
    };
    const key = `${userId}:${review.workId}`;
    const existing = stored.get(key);
    if (!existing) {
      additions.push(row);
      stored.set(key, row);
      report.reviews.added++;
    } else if (sameReview(existing, row)) report.reviews.unchanged++;
    else report.reviews.kept++;
  }
  await repository.addReviews(additions);
}
