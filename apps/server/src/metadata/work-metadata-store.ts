import { formatWorkCode, isLocalWorkId, type Work, type WorkMetadataSources } from '@sasayaki/api-contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, WorksTable } from '../db/schema.js';
import { NotFound } from '../errors.js';
import { markCatalogueChanged } from '../repositories/catalogue-version.js';
import type {
  CatalogueWriteRepository,
  LabelWriter,
  Trx,
} from '../repositories/catalogue-write.repository.js';
import { buildSearchText } from '../scanner/search-text.js';
import type { ChangeOrigin } from '../services/catalogue-cache.js';
import {
  type EditionLink,
  type EditionLinkKind,
  editionClaims,
  editionLanguage,
  placeEditionGroup,
  type StoredEditionLink,
} from './edition-claims.js';
import { mergeMetadata } from './merge.js';
import type {
  FieldSources,
  OrderedProviderName,
  ProviderMetadata,
  ProviderName,
  ProviderResult,
  ProviderStatus,
} from './provider-types.js';

export interface WorkMetadataStoreDeps {
  db: Kysely<Database>;
  catalogue: CatalogueWriteRepository;
  /** The providers that are switched on, in the configured order (`metadata.providers`). */
  providerOrder(): readonly OrderedProviderName[];
  /**
   * Called after a merge outside a scan committed (this process's catalogue cache reads the new version);
   * `origin` says whether it was made for a request or by a background job (services/catalogue-cache.ts).
   */
  catalogueChanged(origin: ChangeOrigin): void;
  now(): string;
}

/** One provider's answer for one work, for the batch form. */
export interface WorkProviderResult {
  workId: number;
  provider: OrderedProviderName;
  result: ProviderResult;
}

/** One edition of a work that is in the library, as `works.other_editions` holds it (the contract's shape). */
export type OtherEdition = Work['other_language_editions_in_db'][number];

/** A coded work is DLsite's unless a provider says otherwise; a work without a code is local. */
export function defaultSourceType(id: number): string {
  return isLocalWorkId(id) ? 'LOCAL' : 'DLSITE';
}

/** Answers upserted a statement (7 parameters each: far below SQLite's and PostgreSQL's limits). */
const SAVE_BATCH = 200;

/**
 * Works merged a batch: each batch reads its works, answers, edits and edition links in one query each
 * and writes labels and rows in multi-row statements (about 10 in all, whatever the batch's size). 200
 * keeps every statement's parameters (up to ~30 a work row) far below SQLite's 32,766 and PostgreSQL's 65,535.
 */
const MERGE_BATCH = 200;

/** A group of editions larger than this is bad metadata, not a work in many languages: the walk stops. */
const MAX_EDITION_GROUP = 64;

/** The edition columns of a work linked to no other. */
const ALONE = { other_editions: '[]', is_translation: 0, translation_of: null };

interface EditionGroup {
  members: Set<number>;
  links: StoredEditionLink[];
}

/** A merged work row as `writeMergedRows` upserts it. */
type MergedWorkRow = Insertable<WorksTable>;

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Where providers' answers and hand edits meet the catalogue (docs/metadata.md): each provider's last
 * answer is one `work_metadata` row, hand edits are `work_edits` rows, and a work's catalogue columns,
 * labels, search text, field sources and edition links are always the merge of both, rewritten whole by
 * `remergeWork`. A rescan therefore replaces only its own providers' rows and never a DLsite value or an
 * edit. Every merge reads one work's rows by primary key: the cost per work does not grow with the library.
 */
export class WorkMetadataStore {
  constructor(private readonly deps: WorkMetadataStoreDeps) {}

  /** Where each merged field of a work came from, and each provider's last answer (administrators). */
  async sources(workId: number): Promise<WorkMetadataSources> {
    const work = await this.deps.db
      .selectFrom('works')
      .select('field_sources')
      .where('id', '=', workId)
      .where('missing', '=', 0)
      .executeTakeFirst();
    if (!work) throw new NotFound('Work not found');
    const rows = await this.deps.db
      .selectFrom('work_metadata')
      .select(['provider', 'status', 'message', 'fetched_at', 'next_fetch_at'])
      .where('work_id', '=', workId)
      .execute();
    const order = this.deps.providerOrder();
    const rank = (provider: string) => {
      const index = (order as readonly string[]).indexOf(provider);
      return index === -1 ? order.length : index;
    };
    return {
      id: workId,
      source_id: formatWorkCode(workId),
      order: [...order],
      fields: parseJson<FieldSources>(work.field_sources, {}),
      providers: rows
        .map((row) => ({
          ...row,
          provider: row.provider as OrderedProviderName,
          status: row.status as ProviderStatus,
        }))
        .sort((a, b) => rank(a.provider) - rank(b.provider)),
    };
  }

  /** Stores one provider's answer for one work (no merge: call `remergeWork`, or use `saveAndRemerge`). */
  async saveProviderResult(
    workId: number,
    provider: OrderedProviderName,
    result: ProviderResult,
  ): Promise<void> {
    await this.save(this.deps.db, [{ workId, provider, result }]);
  }

  /** Merges one work again from its stored answers and edits, and tells the catalogue caches. */
  async remergeWork(workId: number): Promise<void> {
    await this.deps.catalogue.transaction(async (trx, labels) => {
      await this.mergeWorks(trx, labels, [workId]);
      await markCatalogueChanged(trx);
    });
    this.deps.catalogueChanged('request');
  }

  /**
   * Saves many answers and merges each work they touch, all in one transaction (the fetch job's batches).
   * `origin`: 'background' for a job's run, whose lists may be answered as they were a moment before
   * while they are built again; a request's writer sees its change at once.
   */
  async saveAndRemerge(
    results: readonly WorkProviderResult[],
    origin: ChangeOrigin = 'request',
  ): Promise<void> {
    if (results.length === 0) return;
    await this.deps.catalogue.transaction(async (trx, labels) => {
      await this.saveAndMergeManyInCommit(trx, labels, results);
      await markCatalogueChanged(trx);
    });
    this.deps.catalogueChanged(origin);
  }

  /**
   * The batch form inside a caller's transaction (a scan's batch of works, the kikoeru import,
   * `saveAndRemerge`): stores the answers and merges every work they touch in a constant number of
   * statements per `MERGE_BATCH` works. In a scan's commit the scan's own heartbeat tells the caches, so
   * nothing is marked here.
   */
  async saveAndMergeManyInCommit(
    trx: Trx,
    labels: LabelWriter,
    results: readonly WorkProviderResult[],
  ): Promise<void> {
    await this.save(trx, results);
    const workIds = [...new Set(results.map((entry) => entry.workId))];
    for (let start = 0; start < workIds.length; start += MERGE_BATCH) {
      await this.mergeWorks(trx, labels, workIds.slice(start, start + MERGE_BATCH));
    }
  }

  /**
   * After the scan marked works missing: places their groups of editions again, so that no present work
   * lists a missing edition (a link to a page that answers 404). Their translations unfold by themselves
   * (the list's filter asks whether the original is present). A work that comes back is merged, which
   * places its group again. Only works with edition links cost a walk.
   */
  async placeEditionGroupsOf(workIds: readonly number[]): Promise<void> {
    const linked = new Set<number>();
    for (let start = 0; start < workIds.length; start += 500) {
      const batch = workIds.slice(start, start + 500);
      const rows = await this.deps.db
        .selectFrom('work_edition_links')
        .select(['work_id', 'edition_id'])
        .where((eb) => eb.or([eb('work_id', 'in', batch), eb('edition_id', 'in', batch)]))
        .execute();
      for (const row of rows) {
        for (const id of [row.work_id, row.edition_id]) if (batch.includes(id)) linked.add(id);
      }
    }
    if (linked.size === 0) return;
    await this.deps.catalogue.transaction(async (trx) => {
      const placed = new Set<number>();
      for (const id of linked) {
        if (placed.has(id)) continue;
        const group = await this.editionGroup(trx, id);
        for (const member of group.members) placed.add(member);
        await this.placeGroup(trx, group);
      }
    });
  }

  /**
   * Upserts answers, many rows a statement (a scan's three local answers are one). A `failed` answer
   * (a passing fault) keeps the data stored before; any other replaces it.
   */
  private async save(db: Kysely<Database>, results: readonly WorkProviderResult[]): Promise<void> {
    const fetchedAt = this.deps.now();
    for (let start = 0; start < results.length; start += SAVE_BATCH) {
      const rows = results.slice(start, start + SAVE_BATCH).map(({ workId, provider, result }) => ({
        work_id: workId,
        provider,
        data: JSON.stringify(result.data),
        status: result.status,
        message: result.message ?? null,
        fetched_at: fetchedAt,
        next_fetch_at: result.nextFetchAt ?? null,
      }));
      await db
        .insertInto('work_metadata')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['work_id', 'provider']).doUpdateSet((eb) => ({
            data: sql<string>`CASE WHEN ${eb.ref('excluded.status')} = 'failed' THEN work_metadata.data ELSE ${eb.ref('excluded.data')} END`,
            status: eb.ref('excluded.status'),
            message: eb.ref('excluded.message'),
            fetched_at: eb.ref('excluded.fetched_at'),
            next_fetch_at: eb.ref('excluded.next_fetch_at'),
          })),
        )
        .execute();
    }
  }

  /**
   * Merges works again from their stored answers and edits. The reads are one query each for the whole
   * batch; a work with edition links (before or after) then places its group on its own, as before.
   */
  private async mergeWorks(trx: Trx, labels: LabelWriter, workIds: readonly number[]): Promise<void> {
    if (workIds.length === 0) return;
    const ids = [...workIds];
    const [works, answerRows, editRows, linkRows] = await Promise.all([
      trx
        .selectFrom('works')
        .select(['id', 'dir', 'root_dir', 'create_date', 'scanned_at'])
        .where('id', 'in', ids)
        .execute(),
      trx
        .selectFrom('work_metadata')
        .select(['work_id', 'provider', 'data'])
        .where('work_id', 'in', ids)
        .execute(),
      trx
        .selectFrom('work_edits')
        .select(['work_id', 'field', 'value'])
        .where('work_id', 'in', ids)
        .execute(),
      trx
        .selectFrom('work_edition_links')
        .select(['work_id', 'edition_id'])
        .where((eb) => eb.or([eb('work_id', 'in', ids), eb('edition_id', 'in', ids)]))
        .execute(),
    ]);
    const answersOf = groupBy(answerRows, (row) => row.work_id);
    const editsOf = groupBy(editRows, (row) => row.work_id);
    const linked = new Set(linkRows.flatMap((row) => [row.work_id, row.edition_id]));
    const order = this.deps.providerOrder();

    const merged = works.map((work) => {
      const answers = new Map(
        (answersOf.get(work.id) ?? []).map((row) => [
          row.provider as OrderedProviderName,
          parseJson<ProviderMetadata>(row.data, {}),
        ]),
      );
      const edits = Object.fromEntries(
        (editsOf.get(work.id) ?? []).map((row) => [row.field, parseJson<unknown>(row.value, undefined)]),
      ) as ProviderMetadata;
      const { values, sources } = mergeMetadata(order, answers, edits);
      const claims = editionClaims(work.id, {
        languageEditions: values.languageEditions ?? null,
        translationInfo: values.translationInfo ?? null,
        originalWorkno: values.originalWorkno ?? null,
      });
      // Most works have no edition linked either way, before or after: their edition columns are written
      // with the rest, saving the link table's writes and the group's placement (four statements a work).
      const alone = claims.length === 0 && !linked.has(work.id);
      return { work, values, sources, claims, alone };
    });
    const circleIds = await labels.writeMany(
      merged.map(({ work, values }) => ({
        workId: work.id,
        labels: {
          circle: values.circle ? { id: values.circle.id, name: values.circle.name } : null,
          tags: (values.tags ?? []).map((tag) => ({
            id: tag.id,
            name: tag.name,
            i18n: JSON.stringify(tag.i18n),
          })),
          vas: values.vas ?? [],
        },
      })),
    );
    const rows = merged.map(({ work, values, sources, alone }) => {
      const title = values.title ?? work.dir.slice(work.dir.lastIndexOf('/') + 1);
      const nsfw = values.nsfw ?? (values.age === undefined ? null : values.age === 'adult');
      return {
        alone,
        row: {
          id: work.id,
          title,
          circle_id: circleIds.get(work.id) ?? null,
          release: values.release ?? null,
          price: values.price ?? null,
          dl_count: values.dlCount ?? null,
          nsfw: nsfw === null ? null : nsfw ? 1 : 0,
          age: values.age ?? null,
          rate_average_2dp: values.rateAverage ?? null,
          rate_count: values.rateCount ?? null,
          rate_count_detail: json(values.rateCountDetail),
          review_count: values.reviewCount ?? null,
          series: json(values.series),
          language_editions: json(values.languageEditions),
          translation_info: json(values.translationInfo),
          original_workno: values.originalWorkno ?? null,
          lang: editionLanguage(work.id, values),
          source_type: values.sourceType ?? null,
          source_url: values.sourceUrl ?? null,
          rank: json(values.rank),
          cover_url: values.coverUrl ?? null,
          field_sources: JSON.stringify(sources),
          metadata_source: (sources.title satisfies ProviderName | undefined) ?? 'none',
          search_text: buildSearchText(work.id, title, values),
        },
        // Columns an upsert must name (NOT NULL) though the row exists and keeps them: its own values.
        kept: {
          root_dir: work.root_dir,
          dir: work.dir,
          create_date: work.create_date,
          scanned_at: work.scanned_at,
        },
      };
    });
    await this.writeMergedRows(
      trx,
      rows.filter((entry) => entry.alone).map((entry) => ({ ...entry.kept, ...entry.row, ...ALONE })),
    );
    await this.writeMergedRows(
      trx,
      rows.filter((entry) => !entry.alone).map((entry) => ({ ...entry.kept, ...entry.row })),
    );
    for (const { work, claims, alone } of merged) {
      if (!alone) await this.linkEditions(trx, work.id, claims, await this.editionGroup(trx, work.id));
    }
  }

  /**
   * Writes merged rows of works that exist, many a statement: an upsert whose insert never happens (the
   * rows were read in this transaction and works are never deleted) is the portable multi-row UPDATE.
   * Only the columns given (less the key and the kept NOT NULL ones) are updated.
   */
  private async writeMergedRows(trx: Trx, rows: ReadonlyArray<MergedWorkRow>): Promise<void> {
    const first = rows[0];
    if (!first) return;
    const kept = new Set(['id', 'root_dir', 'dir', 'create_date', 'scanned_at']);
    const updated = Object.keys(first).filter((column) => !kept.has(column)) as Array<keyof MergedWorkRow>;
    for (let start = 0; start < rows.length; start += MERGE_BATCH) {
      await trx
        .insertInto('works')
        .values(rows.slice(start, start + MERGE_BATCH))
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet((eb) =>
              Object.fromEntries(updated.map((column) => [column, eb.ref(`excluded.${column}`)])),
            ),
        )
        .execute();
    }
  }

  /**
   * Stores the work's edition links, then places every work of its group of editions (before and after
   * this merge: a link dropped may split a group) and lists each present member's present editions, so
   * both sides show each other once both are scanned, whichever came first.
   */
  private async linkEditions(
    trx: Trx,
    workId: number,
    claims: readonly EditionLink[],
    before: EditionGroup,
  ): Promise<void> {
    await trx.deleteFrom('work_edition_links').where('work_id', '=', workId).execute();
    if (claims.length > 0) {
      await trx
        .insertInto('work_edition_links')
        .values(claims.map((claim) => ({ work_id: workId, edition_id: claim.editionId, kind: claim.kind })))
        .execute();
    }
    const after = await this.editionGroup(trx, workId);
    await this.placeGroup(trx, after);
    const leftBehind = [...before.members].filter((id) => !after.members.has(id));
    const placed = new Set(after.members);
    for (const id of leftBehind) {
      if (placed.has(id)) continue;
      const group = await this.editionGroup(trx, id);
      for (const member of group.members) placed.add(member);
      await this.placeGroup(trx, group);
    }
  }

  /** The works linked to `workId` in either direction, directly or through others (bounded), and their links. */
  private async editionGroup(trx: Trx, workId: number): Promise<EditionGroup> {
    const members = new Set([workId]);
    const links = new Map<string, StoredEditionLink>();
    const queue = [workId];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const rows = await trx
        .selectFrom('work_edition_links')
        .select(['work_id', 'edition_id', 'kind'])
        .where((eb) => eb.or([eb('work_id', '=', next), eb('edition_id', '=', next)]))
        .execute();
      for (const row of rows) {
        links.set(`${row.work_id}:${row.edition_id}`, {
          workId: row.work_id,
          editionId: row.edition_id,
          kind: row.kind as EditionLinkKind,
        });
        for (const id of [row.work_id, row.edition_id]) {
          if (members.has(id) || members.size >= MAX_EDITION_GROUP) continue;
          members.add(id);
          queue.push(id);
        }
      }
    }
    return { members, links: [...links.values()] };
  }

  /** Writes each present member's place in its group and the group's other present editions. */
  private async placeGroup(trx: Trx, group: EditionGroup): Promise<void> {
    const present = await trx
      .selectFrom('works')
      .select(['id', 'lang', 'title', 'source_type'])
      .where('id', 'in', [...group.members])
      .where('missing', '=', 0)
      .orderBy('id')
      .execute();
    const placements = placeEditionGroup(group.members, group.links);
    for (const work of present) {
      const others: OtherEdition[] = present
        .filter((other) => other.id !== work.id)
        .map((other) => ({
          id: other.id,
          lang: other.lang,
          title: other.title,
          source_id: formatWorkCode(other.id),
          is_original: !placements.get(other.id)?.isTranslation,
          source_type: other.source_type ?? defaultSourceType(other.id),
        }));
      const place = placements.get(work.id);
      await trx
        .updateTable('works')
        .set({
          other_editions: JSON.stringify(others),
          is_translation: place?.isTranslation ? 1 : 0,
          translation_of: place?.translationOf ?? null,
        })
        .where('id', '=', work.id)
        .execute();
    }
  }
}
