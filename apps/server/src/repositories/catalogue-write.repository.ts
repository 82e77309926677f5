import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import { refreshPlannerStatistics } from '../db/planner-statistics.js';
import type { Database, FilesTable, WorkRow } from '../db/schema.js';
import { RESERVED_LABEL_ID_START, uuidV5 } from '../scanner/label-ids.js';

/** What the scanner needs to know about a work it saw before. */
export type StoredWorkState = Pick<
  WorkRow,
  'id' | 'root_dir' | 'dir' | 'dir_raw' | 'content_signature' | 'missing' | 'cover_key' | 'cover_source'
>;

export type StoredFileState = Pick<
  FilesTable,
  'file_id' | 'path' | 'path_raw' | 'size' | 'mtime_ms' | 'duration' | 'bitrate'
>;

export interface LabelInput<Id> {
  id: Id | null;
  name: string;
}

/** The columns of `works` the scan itself writes; every metadata column is the merge's (metadata/). */
export type ScannedWorkColumns = Pick<
  WorkRow,
  | 'id'
  | 'has_subtitle'
  | 'duration'
  | 'root_dir'
  | 'dir'
  | 'dir_raw'
  | 'content_signature'
  | 'cover_key'
  | 'cover_source'
  | 'scanned_at'
>;

/** One work as the commit phase writes it: the row's scanned columns and its files. */
export interface WorkCommit {
  work: ScannedWorkColumns;
  files: Array<Omit<FilesTable, 'work_id'>>;
}

/** A work's circle, tags (i18n as JSON text) and voice actors, as the merge decided them. */
export interface WorkLabels {
  circle: LabelInput<number> | null;
  tags: Array<LabelInput<number> & { i18n: string }>;
  vas: Array<LabelInput<string>>;
}

/** Writes works' labels inside a transaction of `CatalogueWriteRepository.transaction`. */
export interface LabelWriter {
  /**
   * Finds or creates the labels of many works, replaces their tag and voice actor links, and returns each
   * work's circle id. The links are a constant number of statements whatever the number of works; only a
   * label this process has not seen yet costs its own lookups.
   */
  writeMany(
    works: ReadonlyArray<{ workId: number; labels: WorkLabels }>,
  ): Promise<Map<number, number | null>>;
}

export type Trx = Transaction<Database>;
type LabelTable = 'circles' | 'tags' | 'vas';

/** File rows a statement (10 parameters each). */
const FILE_BATCH = 300;
/** Work rows a statement (about 15 parameters each): far below SQLite's 32,766 and PostgreSQL's 65,535. */
const WORK_BATCH = 200;
/** The scanned columns a rescan overwrites (the rest of the row is the merge's). */
const SCANNED_COLUMNS = [
  'has_subtitle',
  'duration',
  'root_dir',
  'dir',
  'dir_raw',
  'content_signature',
  'cover_key',
  'cover_source',
  'scanned_at',
] as const satisfies ReadonlyArray<keyof ScannedWorkColumns>;

/** Frees a unique name for the moment a label is re-keyed (PostgreSQL text cannot hold NUL, so no trick there). */
function temporaryName(id: number | string): string {
  return `\u{10FFFF}re-keying ${id}`;
}

function labelKey(table: LabelTable, label: LabelInput<number | string>, i18n = ''): string {
  return [table, label.name, label.id ?? '', i18n].join('\u0000');
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * The scanner's writes to the catalogue. A batch of works is committed in one transaction, so a scan
 * killed half-way leaves every work either as it was or fully updated; works are never deleted, only marked
 * missing, because reviews and history point at them.
 */
export class CatalogueWriteRepository {
  /**
   * Labels already resolved during this scan (table, name, given id, i18n → id): most works share their
   * circle and tags, and looking each up again costs round trips (PostgreSQL) and row locks. Entries are
   * learned only from committed transactions and forgotten when a scan starts.
   */
  private readonly resolvedLabels = new Map<string, number | string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  /** After a scan that changed the catalogue: statistics that describe it, for good query plans. */
  refreshPlannerStatistics(): Promise<void> {
    return refreshPlannerStatistics(this.db, this.dialect);
  }

  /** A scan begins: labels resolved by the scan before may have been renamed or merged since. */
  forgetResolvedLabels(): void {
    this.resolvedLabels.clear();
  }

  /**
   * The stored state of these works (those that have a row), by primary key. The scan asks for one chunk
   * of its folders at a time (scanner/scan-pipeline.ts), so what it holds does not grow with the library.
   */
  async loadWorkStates(ids: readonly number[]): Promise<Map<number, StoredWorkState>> {
    const states = new Map<number, StoredWorkState>();
    for (const batch of chunks(ids, 500)) {
      const rows = await this.db
        .selectFrom('works')
        .select([
          'id',
          'root_dir',
          'dir',
          'dir_raw',
          'content_signature',
          'missing',
          'cover_key',
          'cover_source',
        ])
        .where('id', 'in', batch)
        .execute();
      for (const row of rows) states.set(row.id, row);
    }
    return states;
  }

  /**
   * One page of the works not marked missing, in id order after `afterId` (index `works_order_id`): the
   * scan's removed-works pass reads the catalogue a page at a time instead of holding it whole.
   */
  presentWorksAfter(
    afterId: number,
    limit: number,
  ): Promise<Array<Pick<WorkRow, 'id' | 'root_dir' | 'dir'>>> {
    return this.db
      .selectFrom('works')
      .select(['id', 'root_dir', 'dir'])
      .where('missing', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async loadFiles(workId: number): Promise<StoredFileState[]> {
    return this.db
      .selectFrom('files')
      .select(['file_id', 'path', 'path_raw', 'size', 'mtime_ms', 'duration', 'bitrate'])
      .where('work_id', '=', workId)
      .execute();
  }

  /**
   * Runs `write` in one transaction with a label writer bound to it. Labels resolved inside are
   * remembered for later transactions only once this one commits.
   */
  async transaction<T>(write: (trx: Trx, labels: LabelWriter) => Promise<T>): Promise<T> {
    const learned = new Map<string, number | string>();
    const result = await this.db.transaction().execute(async (trx) => {
      // No wait for the disk flush: a crash may lose the last few commits, which the next scan redoes
      // (their signatures were lost with them); the database itself stays consistent.
      if (this.dialect === 'postgres') await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      return write(trx, { writeMany: (works) => this.writeLabels(trx, works, learned) });
    });
    for (const [key, id] of learned) this.resolvedLabels.set(key, id);
    return result;
  }

  /**
   * Writes several works' scanned columns and files in one transaction, then lets `mergeMetadata` write
   * their metadata in the same transaction (metadata/work-metadata-store.ts): a scan killed half-way
   * leaves each work of the batch as it was or fully updated. New works are inserted titled by their
   * folder until the merge names them. A constant number of statements per batch (a few per 300 files),
   * whatever its size: the scanner's commit costs the same at the 100,000th work as at the first. Says
   * which works were new.
   */
  async commitWorks(
    commits: readonly WorkCommit[],
    now: string,
    mergeMetadata: (trx: Trx, labels: LabelWriter) => Promise<void>,
  ): Promise<Map<number, 'added' | 'updated'>> {
    if (commits.length === 0) return new Map();
    return this.transaction(async (trx, labels) => {
      const ids = commits.map((commit) => commit.work.id);
      const existed = new Set<number>();
      for (const batch of chunks(ids, 500)) {
        const rows = await trx.selectFrom('works').select('id').where('id', 'in', batch).execute();
        for (const row of rows) existed.add(row.id);
      }
      for (const batch of chunks(commits, WORK_BATCH)) {
        await trx
          .insertInto('works')
          .values(
            batch.map(({ work }) => ({
              ...work,
              missing: 0,
              title: work.dir.slice(work.dir.lastIndexOf('/') + 1),
              metadata_source: 'none',
              circle_id: null,
              create_date: now,
            })),
          )
          .onConflict((conflict) =>
            conflict
              .column('id')
              .doUpdateSet((eb) =>
                Object.fromEntries(
                  [...SCANNED_COLUMNS, 'missing' as const].map((column) => [
                    column,
                    eb.ref(`excluded.${column}`),
                  ]),
                ),
              ),
          )
          .execute();
      }
      await this.writeFiles(trx, commits);
      await mergeMetadata(trx, labels);
      return new Map(ids.map((id) => [id, existed.has(id) ? ('updated' as const) : ('added' as const)]));
    });
  }

  private async writeLabels(
    trx: Trx,
    works: ReadonlyArray<{ workId: number; labels: WorkLabels }>,
    learned: Map<string, number | string>,
  ): Promise<Map<number, number | null>> {
    // A label resolved for a later work may re-key one resolved for an earlier work of the batch (an
    // official id arrived): ids are read through `rekeyed` once all are resolved, never before.
    const rekeyed = new Map<string, number | string>();
    const label = <Id extends number | string>(key: string, resolve: () => Promise<Id>) =>
      this.resolveLabel(key, learned, resolve);
    const resolved: Array<{ workId: number; circleId: number | null; tagIds: number[]; vaIds: string[] }> =
      [];
    for (const { workId, labels } of works) {
      const circle = labels.circle;
      const circleId = circle
        ? await label(labelKey('circles', circle), () => this.ensureNumbered(trx, 'circles', circle, rekeyed))
        : null;
      const tagIds: number[] = [];
      for (const tag of labels.tags) {
        tagIds.push(
          await label(labelKey('tags', tag, tag.i18n), () =>
            this.ensureNumbered(trx, 'tags', tag, rekeyed, tag.i18n),
          ),
        );
      }
      const vaIds: string[] = [];
      for (const va of labels.vas)
        vaIds.push(await label(labelKey('vas', va), () => this.ensureVa(trx, va, rekeyed)));
      resolved.push({ workId, circleId, tagIds, vaIds });
    }
    const current = <Id extends number | string>(table: LabelTable, id: Id): Id => {
      let result: Id = id;
      for (
        let next = rekeyed.get(`${table}:${result}`);
        next !== undefined;
        next = rekeyed.get(`${table}:${result}`)
      )
        result = next as Id;
      return result;
    };

    const workIds = resolved.map((work) => work.workId);
    const tagRows = resolved.flatMap(({ workId, tagIds }) =>
      [...new Set(tagIds.map((id) => current('tags', id)))].map((tag_id) => ({ work_id: workId, tag_id })),
    );
    const vaRows = resolved.flatMap(({ workId, vaIds }) =>
      [...new Set(vaIds.map((id) => current('vas', id)))].map((va_id, position) => ({
        work_id: workId,
        va_id,
        position,
      })),
    );
    for (const batch of chunks(workIds, 500)) {
      await trx.deleteFrom('work_tags').where('work_id', 'in', batch).execute();
      await trx.deleteFrom('work_vas').where('work_id', 'in', batch).execute();
    }
    for (const batch of chunks(tagRows, 500)) await trx.insertInto('work_tags').values(batch).execute();
    for (const batch of chunks(vaRows, 300)) await trx.insertInto('work_vas').values(batch).execute();
    return new Map(
      resolved.map(({ workId, circleId }) => [
        workId,
        circleId === null ? null : current('circles', circleId),
      ]),
    );
  }

  private async resolveLabel<Id extends number | string>(
    key: string,
    learned: Map<string, number | string>,
    resolve: () => Promise<Id>,
  ): Promise<Id> {
    const known = this.resolvedLabels.get(key) ?? learned.get(key);
    if (known !== undefined) return known as Id;
    const id = await resolve();
    // Resolving may re-key a label the scanner invented earlier (an official id arrived): forget what
    // was learned for the same name under another id, in earlier transactions and in this one (a batch:
    // its entries would otherwise be kept once it commits, pointing at the deleted row).
    const sameName = key.slice(0, key.lastIndexOf('\u0000', key.lastIndexOf('\u0000') - 1) + 1);
    for (const known of [this.resolvedLabels, learned]) {
      for (const [other, otherId] of known) {
        if (other.startsWith(sameName) && otherId !== id) known.delete(other);
      }
    }
    learned.set(key, id);
    return id;
  }

  /**
   * Upserts by the stable file id (a path keeps its id) and deletes the rows of files that disappeared,
   * for every work of a batch: their old ids in one read, their rows many a statement.
   */
  private async writeFiles(trx: Trx, commits: readonly WorkCommit[]): Promise<void> {
    const keep = new Map(
      commits.map((commit) => [commit.work.id, new Set(commit.files.map((f) => f.file_id))]),
    );
    const gone = new Map<number, number[]>();
    for (const batch of chunks([...keep.keys()], 500)) {
      const old = await trx
        .selectFrom('files')
        .select(['work_id', 'file_id'])
        .where('work_id', 'in', batch)
        .execute();
      for (const row of old) {
        if (keep.get(row.work_id)?.has(row.file_id)) continue;
        const ids = gone.get(row.work_id);
        if (ids) ids.push(row.file_id);
        else gone.set(row.work_id, [row.file_id]);
      }
    }
    for (const [workId, ids] of gone) {
      for (const batch of chunks(ids, 500)) {
        await trx.deleteFrom('files').where('work_id', '=', workId).where('file_id', 'in', batch).execute();
      }
    }
    const rows = commits.flatMap((commit) =>
      commit.files.map((file) => ({ ...file, work_id: commit.work.id })),
    );
    for (const batch of chunks(rows, FILE_BATCH)) {
      await trx
        .insertInto('files')
        .values(batch)
        .onConflict((conflict) =>
          conflict.columns(['work_id', 'file_id']).doUpdateSet((eb) => ({
            path: eb.ref('excluded.path'),
            path_raw: eb.ref('excluded.path_raw'),
            type: eb.ref('excluded.type'),
            size: eb.ref('excluded.size'),
            mtime_ms: eb.ref('excluded.mtime_ms'),
            duration: eb.ref('excluded.duration'),
            bitrate: eb.ref('excluded.bitrate'),
            subtitle_file_id: eb.ref('excluded.subtitle_file_id'),
            sort_index: eb.ref('excluded.sort_index'),
          })),
        )
        .execute();
    }
  }

  /**
   * A circle or tag id: the official one when given (a row the scanner invented earlier under the same
   * name is re-keyed to it, so its works follow), else the existing row of that name, else the next
   * number in the reserved range.
   */
  private async ensureNumbered(
    trx: Trx,
    table: 'circles' | 'tags',
    label: LabelInput<number>,
    rekeyed: Map<string, number | string>,
    i18n?: string,
  ): Promise<number> {
    const byName = await this.findByName<number>(trx, table, label.name);
    if (label.id === null) {
      if (byName) {
        if (i18n && i18n !== '{}')
          await sql`UPDATE tags SET i18n = ${i18n} WHERE id = ${byName.id} AND i18n <> ${i18n}`.execute(trx);
        return byName.id;
      }
      const max = await sql<{
        max: number | null;
      }>`SELECT MAX(id) AS max FROM ${sql.table(table)} WHERE id >= ${RESERVED_LABEL_ID_START}`.execute(trx);
      // Above the ids re-keyed away in this transaction too: `rekeyed` sends those to the official id,
      // so a new label given a freed id would follow it there.
      const freed = [...rekeyed.keys()]
        .filter((rekeyedKey) => rekeyedKey.startsWith(`${table}:`))
        .map((rekeyedKey) => Number(rekeyedKey.slice(table.length + 1)));
      const id = Math.max(
        Number(max.rows[0]?.max ?? 0) + 1,
        RESERVED_LABEL_ID_START,
        ...freed.map((f) => f + 1),
      );
      await this.insertLabel(trx, table, id, label.name, i18n);
      return id;
    }
    if (byName?.id === label.id) {
      if (i18n && i18n !== '{}')
        await sql`UPDATE tags SET i18n = ${i18n} WHERE id = ${label.id} AND i18n <> ${i18n}`.execute(trx);
      return label.id;
    }
    const byId = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id = ${label.id}`.execute(
      trx,
    );
    if (byId.rows.length > 0) {
      // The official id exists under another name; take the new name when nobody else holds it.
      if (!byName)
        await sql`UPDATE ${sql.table(table)} SET name = ${label.name} WHERE id = ${label.id}`.execute(trx);
      if (byName && byName.id >= RESERVED_LABEL_ID_START)
        await this.mergeInto(trx, table, byName.id, label.id, rekeyed);
      return label.id;
    }
    if (byName && byName.id < RESERVED_LABEL_ID_START) return byName.id;
    if (byName)
      await sql`UPDATE ${sql.table(table)} SET name = ${temporaryName(byName.id)} WHERE id = ${byName.id}`.execute(
        trx,
      );
    await this.insertLabel(trx, table, label.id, label.name, i18n);
    if (byName) await this.mergeInto(trx, table, byName.id, label.id, rekeyed);
    return label.id;
  }

  /** Voice actors: the given UUID, else the existing row of that name, else the UUID v5 of the name. */
  private async ensureVa(
    trx: Trx,
    label: LabelInput<string>,
    rekeyed: Map<string, number | string>,
  ): Promise<string> {
    const byName = await this.findByName<string>(trx, 'vas', label.name);
    if (label.id === null || byName?.id === label.id) {
      if (byName) return byName.id;
      const id = uuidV5(label.name);
      await trx
        .insertInto('vas')
        .values({ id, name: label.name })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
      return id;
    }
    const byId = await trx.selectFrom('vas').select('id').where('id', '=', label.id).executeTakeFirst();
    if (byId) return byId.id;
    if (byName && byName.id !== uuidV5(label.name)) return byName.id;
    if (byName)
      await trx
        .updateTable('vas')
        .set({ name: temporaryName(byName.id) })
        .where('id', '=', byName.id)
        .execute();
    await trx.insertInto('vas').values({ id: label.id, name: label.name }).execute();
    if (byName) await this.mergeInto(trx, 'vas', byName.id, label.id, rekeyed);
    return label.id;
  }

  private async findByName<Id>(trx: Trx, table: LabelTable, name: string): Promise<{ id: Id } | undefined> {
    const result = await sql<{ id: Id }>`SELECT id FROM ${sql.table(table)} WHERE name = ${name}`.execute(
      trx,
    );
    return result.rows[0];
  }

  private async insertLabel(
    trx: Trx,
    table: 'circles' | 'tags',
    id: number,
    name: string,
    i18n?: string,
  ): Promise<void> {
    if (table === 'tags')
      await trx
        .insertInto('tags')
        .values({ id, name, i18n: i18n ?? '{}' })
        .execute();
    else await trx.insertInto('circles').values({ id, name }).execute();
  }

  /** Points everything that used label `from` at label `to`, then deletes `from` (and says so in `rekeyed`). */
  private async mergeInto<Id extends number | string>(
    trx: Trx,
    table: LabelTable,
    from: Id,
    to: Id,
    rekeyed: Map<string, number | string>,
  ): Promise<void> {
    rekeyed.set(`${table}:${from}`, to);
    if (table === 'circles') {
      await sql`UPDATE works SET circle_id = ${to} WHERE circle_id = ${from}`.execute(trx);
    } else {
      const link = sql.table(table === 'tags' ? 'work_tags' : 'work_vas');
      const column = sql.ref(table === 'tags' ? 'tag_id' : 'va_id');
      await sql`UPDATE ${link} SET ${column} = ${to} WHERE ${column} = ${from}
        AND work_id NOT IN (SELECT work_id FROM ${link} WHERE ${column} = ${to})`.execute(trx);
      await sql`DELETE FROM ${link} WHERE ${column} = ${from}`.execute(trx);
    }
    await sql`DELETE FROM ${sql.table(table)} WHERE id = ${from}`.execute(trx);
  }

  /** Hides works whose folders are gone; their rows, files and everything users attached stay. */
  async markMissing(ids: readonly number[], now: string): Promise<void> {
    for (const batch of chunks(ids, 500)) {
      await this.db
        .updateTable('works')
        .set({ missing: 1, scanned_at: now })
        .where('id', 'in', batch)
        .execute();
    }
  }
}
