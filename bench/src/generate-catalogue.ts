import { formatWorkCode } from '@sasayaki/api-contract';
import type { Config } from '@sasayaki/server/config/config.js';
import { createContext } from '@sasayaki/server/context.js';
import type { DialectKind } from '@sasayaki/server/db/dialect.js';
import { refreshPlannerStatistics } from '@sasayaki/server/db/planner-statistics.js';
import type { Database, FilesTable, NewWork } from '@sasayaki/server/db/schema.js';
import { createLogger } from '@sasayaki/server/logger.js';
import { LabelRepository } from '@sasayaki/server/repositories/label.repository.js';
import { buildSearchText } from '@sasayaki/server/scanner/search-text.js';
import { type Insertable, type Kysely, sql } from 'kysely';
import { withIndexesDeferred } from './bulk-load.js';
import { Random, Zipf } from './random.js';
import { circleNames, type TagSpec, TITLE_WORDS, tagSpecs, vaNames } from './vocabulary.js';

export interface CatalogueOptions {
  works: number;
  seed: number;
  /** Recorded as every work's library root; nothing is read from it. */
  rootDir: string;
}

/** What the generated catalogue holds that the measurements query by. */
export interface CatalogueFacts {
  workIds: number[];
  commonWord: string;
  rareWord: string;
  /** Two characters of a common Japanese word: shorter than a trigram, so a substring scan. */
  fragment: string;
  /** A tag and a VA that many works share, for the `$tag:...$ $va:...$` search. */
  popularTag: string;
  popularVa: string;
  /** Their ids, for the label pages (`/api/tags/:id/works`). */
  popularTagId: number;
  popularVaId: string;
  /** How many labels the catalogue holds, for the notes of the label list rows. */
  labelCounts: { circles: number; tags: number; vas: number };
  insertSeconds: number;
}

/** Bound parameters per statement stay under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETER_LIMIT: Record<DialectKind, number> = { sqlite: 32_766, postgres: 65_535 };
/** Works per transaction: big enough to amortise commits, small enough to keep a batch's rows in memory. */
const WORKS_PER_TRANSACTION = 10_000;

interface FileTemplate {
  path: string;
  type: 'audio' | 'text' | 'image';
  /** Index (in the same template) of the subtitle that belongs to this audio file. */
  subtitle?: number;
}

/**
 * The files of a work in tree order (folders first, then natural order), so `sort_index` is the index:
 * 8 files in nested folders, plus three .lrc subtitles next to the mp3s for works with subtitles.
 */
const PLAIN_FILES: FileTemplate[] = [
  { path: 'おまけ/フリートーク.mp3', type: 'audio' },
  { path: '本編/mp3/01_プロローグ.mp3', type: 'audio' },
  { path: '本編/mp3/02_本編.mp3', type: 'audio' },
  { path: '本編/mp3/03_エピローグ.mp3', type: 'audio' },
  { path: '本編/wav/01_プロローグ.wav', type: 'audio' },
  { path: '本編/wav/02_本編.wav', type: 'audio' },
  { path: 'cover.jpg', type: 'image' },
  { path: 'readme.txt', type: 'text' },
];
const SUBTITLED_FILES: FileTemplate[] = [
  { path: 'おまけ/フリートーク.mp3', type: 'audio' },
  { path: '本編/mp3/01_プロローグ.lrc', type: 'text' },
  { path: '本編/mp3/01_プロローグ.mp3', type: 'audio', subtitle: 1 },
  { path: '本編/mp3/02_本編.lrc', type: 'text' },
  { path: '本編/mp3/02_本編.mp3', type: 'audio', subtitle: 3 },
  { path: '本編/mp3/03_エピローグ.lrc', type: 'text' },
  { path: '本編/mp3/03_エピローグ.mp3', type: 'audio', subtitle: 5 },
  { path: '本編/wav/01_プロローグ.wav', type: 'audio' },
  { path: '本編/wav/02_本編.wav', type: 'audio' },
  { path: 'cover.jpg', type: 'image' },
  { path: 'readme.txt', type: 'text' },
];

/** RJ numbers: 60% six-digit codes, the rest eight-digit (RJ01xxxxxx), as DLsite has both. */
function workIds(count: number): number[] {
  const sixDigit = Math.min(Math.round(count * 0.6), 899_999);
  const stride = Math.max(1, Math.min(7, Math.floor(899_999 / Math.max(1, sixDigit))));
  return Array.from({ length: count }, (_, i) =>
    i < sixDigit ? 100_000 + i * stride : 1_000_000 + (i - sixDigit) * 13,
  );
}

function isAscii(word: string): boolean {
  return /^[\x20-\x7e]+$/.test(word);
}

/** 2-5 distinct popular-biased words; Japanese runs are written solid, English words spaced. */
function title(random: Random, words: Zipf): string {
  const picked = [
    ...new Set(Array.from({ length: random.int(2, 5) }, () => TITLE_WORDS[words.draw(random)] as string)),
  ];
  return picked.reduce((text, word, i) => {
    if (i === 0) return word;
    const solid = !isAscii(word) && !isAscii(picked[i - 1] as string) && random.chance(0.6);
    return `${text}${solid ? '' : ' '}${word}`;
  }, '');
}

/** A date between 2008 and 2026, as DLsite release dates spread. */
function releaseDate(random: Random): string {
  const day = new Date(Date.UTC(2008, 0, 1) + random.int(0, 18 * 365) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function rateCountDetail(random: Random, count: number): string {
  const weights = [1, 2, 3, 4, 5].map((point) => random.next() * point * point);
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.round((w / total) * count));
  return JSON.stringify(
    counts.map((c, i) => ({
      review_point: i + 1,
      count: c,
      ratio: count ? Math.round((c / count) * 100) : 0,
    })),
  );
}

interface Labels {
  circles: Array<{ id: number; name: string }>;
  tags: Array<TagSpec & { id: number }>;
  vas: Array<{ id: string; name: string }>;
}

/**
 * Label counts of a real library of that size: 100,000 works have about 30,000 circles, 15,000 voice
 * actors and 700 tags (DLsite's genres in use), so circles and VAs scale with the works and the tags are
 * all there from the start.
 */
function makeLabels(random: Random, works: number): Labels {
  return {
    circles: circleNames(random, Math.max(1, Math.round(works * 0.3))).map((name, i) => ({
      id: 10_000 + i,
      name,
    })),
    tags: tagSpecs().map((tag, i) => ({ id: 1 + i, ...tag })),
    vas: vaNames(random, Math.max(1, Math.round(works * 0.15))).map((name) => ({ id: random.uuid(), name })),
  };
}

interface WorkBatch {
  works: NewWork[];
  workTags: Array<{ work_id: number; tag_id: number }>;
  workVas: Array<{ work_id: number; va_id: string; position: number }>;
  files: Array<Insertable<FilesTable>>;
}

class WorkMaker {
  private readonly titleWords = new Zipf(TITLE_WORDS.length);
  private readonly tagRank: Zipf;
  private readonly vaRank: Zipf;
  private readonly circleRank: Zipf;

  constructor(
    private readonly random: Random,
    private readonly labels: Labels,
    private readonly rootDir: string,
  ) {
    this.tagRank = new Zipf(labels.tags.length, 0.9);
    this.vaRank = new Zipf(labels.vas.length, 0.8);
    this.circleRank = new Zipf(labels.circles.length, 0.6);
  }

  /** Appends one work, its label links and its files to `batch`. */
  add(batch: WorkBatch, id: number, index: number, total: number): void {
    const r = this.random;
    const circle = r.chance(0.97) ? this.labels.circles[this.circleRank.draw(r)] : undefined;
    const tags = [...new Set(Array.from({ length: r.int(2, 8) }, () => this.tagRank.draw(r)))].map(
      (rank) => this.labels.tags[rank] as Labels['tags'][number],
    );
    const vas = r.chance(0.05)
      ? []
      : [...new Set(Array.from({ length: r.int(1, 3) }, () => this.vaRank.draw(r)))].map(
          (rank) => this.labels.vas[rank] as Labels['vas'][number],
        );
    const workTitle = title(r, this.titleWords);
    const hasSubtitle = r.chance(0.3);
    const nsfw = r.chance(0.05) ? null : r.chance(0.7) ? 1 : 0;
    const rated = r.chance(0.85);
    const rateCount = rated ? Math.floor(10 ** r.int(0, 3) * (1 + r.next() * 9)) : null;
    const templates = hasSubtitle ? SUBTITLED_FILES : PLAIN_FILES;
    const durations = new Map<string, number>();
    let duration = 0;
    for (const [fileId, template] of templates.entries()) {
      let seconds: number | null = null;
      if (template.type === 'audio') {
        // A wav is the lossless copy of the mp3 of the same name: same length.
        const track = template.path.replace(/^.*\/|\.\w+$/g, '');
        seconds = durations.get(track) ?? r.int(60, 1800) + Math.round(r.next() * 100) / 100;
        durations.set(track, seconds);
        duration += seconds;
      }
      const wav = template.path.endsWith('.wav');
      batch.files.push({
        work_id: id,
        file_id: fileId,
        path: template.path,
        path_raw: null,
        type: template.type,
        size: seconds === null ? r.int(200, 400_000) : Math.round(seconds * (wav ? 176_400 : 40_000)),
        mtime_ms: 1_700_000_000_000 + r.int(0, 60_000_000_000),
        duration: seconds,
        bitrate: seconds === null ? null : wav ? 1_411_200 : 320_000,
        subtitle_file_id: template.subtitle ?? null,
        sort_index: fileId,
      });
    }
    batch.works.push({
      id,
      title: workTitle,
      circle_id: circle?.id ?? null,
      release: r.chance(0.02) ? null : releaseDate(r),
      // Works entered the library over two years, in roughly id order with jitter.
      create_date: new Date(
        Date.UTC(2024, 10, 22) + ((index + r.next() * 50) / total) * 730 * 86_400_000,
      ).toISOString(),
      price: r.chance(0.02) ? null : 110 * r.int(1, 30),
      dl_count: r.chance(0.03) ? null : Math.floor(10 ** (r.next() * 5)),
      nsfw,
      age: nsfw === null ? null : nsfw ? 'adult' : r.pick(['general', 'r15']),
      has_subtitle: hasSubtitle ? 1 : 0,
      rate_average_2dp: rated ? Math.round((1 + r.next() * 4) * 100) / 100 : null,
      rate_count: rateCount,
      rate_count_detail: rateCount === null ? null : rateCountDetail(r, rateCount),
      review_count: r.chance(0.1) ? null : r.int(0, 60),
      duration: Math.round(duration * 100) / 100,
      root_dir: this.rootDir,
      dir: `${formatWorkCode(id)} [${circle?.name ?? 'unknown'}] ${workTitle}`,
      dir_raw: null,
      content_signature: null,
      metadata_source: 'workinfo',
      cover_key: null,
      cover_source: null,
      search_text: buildSearchText(id, workTitle, { circle, tags, vas }),
      missing: 0,
      scanned_at: '2026-11-22T00:00:00.000Z',
    });
    for (const tag of tags) batch.workTags.push({ work_id: id, tag_id: tag.id });
    for (const [position, va] of vas.entries()) batch.workVas.push({ work_id: id, va_id: va.id, position });
  }
}

/** Multi-row INSERTs of `rows`, each statement holding as many rows as the parameter limit allows. */
async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  dialect: DialectKind,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.floor(PARAMETER_LIMIT[dialect] / Object.keys(first).length);
  for (let start = 0; start < rows.length; start += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perStatement))
      .execute();
  }
}

/**
 * Creates the database with the server's own migrations (createContext) and bulk-inserts a deterministic
 * catalogue of `options.works` works, as a finished scan would leave it; then refreshes the planner's
 * statistics so queries are planned as on a settled server.
 */
export async function generateCatalogue(config: Config, options: CatalogueOptions): Promise<CatalogueFacts> {
  const ctx = await createContext(config, createLogger('warn'));
  const { db, dialect } = ctx.database;
  const startedAt = performance.now();
  try {
    const random = new Random(options.seed);
    const labels = makeLabels(random, options.works);
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, dialect, 'circles', labels.circles);
      await insertChunked(
        trx,
        dialect,
        'tags',
        labels.tags.map((tag) => ({ id: tag.id, name: tag.name, i18n: JSON.stringify(tag.i18n) })),
      );
      await insertChunked(trx, dialect, 'vas', labels.vas);
    });
    const ids = workIds(options.works);
    const maker = new WorkMaker(random, labels, options.rootDir);
    await withIndexesDeferred(db, dialect, async () => {
      for (let start = 0; start < ids.length; start += WORKS_PER_TRANSACTION) {
        const batch: WorkBatch = { works: [], workTags: [], workVas: [], files: [] };
        const end = Math.min(ids.length, start + WORKS_PER_TRANSACTION);
        for (let i = start; i < end; i++) maker.add(batch, ids[i] as number, i, ids.length);
        await db.transaction().execute(async (trx) => {
          await insertChunked(trx, dialect, 'works', batch.works);
          await insertChunked(trx, dialect, 'work_tags', batch.workTags);
          await insertChunked(trx, dialect, 'work_vas', batch.workVas);
          await insertChunked(trx, dialect, 'files', batch.files);
        });
      }
    });
    // The load ran with the label count triggers off (bulk-load.ts): count once, as the migration does.
    await new LabelRepository(db, dialect).recountAll();
    // The statistics a scan leaves behind; PostgreSQL also gets the visibility map autovacuum would make.
    if (dialect === 'sqlite') await refreshPlannerStatistics(db, dialect);
    else await sql`VACUUM ANALYZE`.execute(db);
    return {
      workIds: ids,
      commonWord: TITLE_WORDS[2] as string,
      rareWord: TITLE_WORDS.at(-1) as string,
      fragment: (TITLE_WORDS[6] as string).slice(0, 2),
      popularTag: labels.tags[1]?.name as string,
      popularVa: labels.vas[0]?.name as string,
      popularTagId: labels.tags[1]?.id as number,
      popularVaId: labels.vas[0]?.id as string,
      labelCounts: { circles: labels.circles.length, tags: labels.tags.length, vas: labels.vas.length },
      insertSeconds: (performance.now() - startedAt) / 1000,
    };
  } finally {
    await ctx.close();
  }
}
