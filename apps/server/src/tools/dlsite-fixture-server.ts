import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A stand-in for www.dlsite.com's JSON endpoints and images, answering from fixtures written from the
 * descriptions in shared/reference/dlsite-metadata.md (never from copied answers), for the tests and the
 * benchmark. Each work may carry a
 * fault, so tests see what goes wrong in practice: empty answers, a 429 before the answer, silence, broken
 * JSON, an unexpected shape.
 */
export type FixtureFault =
  /** Delisted: product JSON `[]`, absent from product info. */
  | 'delisted'
  /** Region-locked: the same empty answers, as DLsite gives them from a blocked country. */
  | 'region-locked'
  /** The first product JSON request gets a 429 with `Retry-After: 1`; the next one the answer. */
  | 'throttle-once'
  /** The product JSON request is never answered. */
  | 'timeout'
  /** The product JSON is cut in the middle. */
  | 'malformed'
  /** The product JSON is an object with an error message, not the array of works. */
  | 'unexpected-shape';

export interface FixtureGenre {
  id: number;
  ja: string;
  en: string;
  zh: string;
}

export interface FixtureWork {
  code: string;
  title: string;
  circle?: { id: string; name: string };
  vas?: string[];
  genres?: FixtureGenre[];
  /** YYYY-MM-DD */
  release?: string;
  /** 1 all ages, 2 R-15, 3 adult */
  ageCategory?: 1 | 2 | 3;
  price?: number;
  /** Written as DLsite writes it: a string of digits. Absent: a new work without sales yet. */
  dlCount?: string;
  rating?: { average: number; counts: [number, number, number, number, number]; reviews: number };
  /** A translated edition: the original's code and this edition's language. */
  translationOf?: { original: string; lang: string };
  /** The language editions (original first), each with its own code. */
  editions?: Array<{ workno: string; lang: string; label: string }>;
  /** Series name. */
  series?: string;
  /** Whether the work's own cover URL answers (translated editions often 404 there). */
  ownCover?: boolean;
  fault?: FixtureFault;
}

export interface FixtureServer {
  url: string;
  /** Request paths with their queries, in arrival order. */
  readonly requests: string[];
  /** Changes a work's fault while the server runs. */
  setFault(code: string, fault: FixtureFault | undefined): void;
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Every answer waits this long (milliseconds): a real server's latency. */
  delayMs?: number;
  /**
   * The host name image URLs use (DLsite serves images from a host of their own, img.dlsite.jp, which a
   * per-host rate limit counts apart): `localhost` reaches the same server under another name.
   */
  imageHost?: string;
  /**
   * asmr.one's `GET /api/workInfo/:id` on the same server (docs/metadata.md "asmr.one"): the raw body
   * answered for each code (a Work as JSON, or anything else to test a broken answer), and a cover image
   * at `/api/cover/<id>.jpg` for each of them; other ids get a 404.
   */
  asmrone?: Readonly<Record<string, string>>;
}

const LOCALES = { ja_JP: 'ja', en_US: 'en', zh_CN: 'zh' } as const;

/** The image folder of a code, its number rounded up to the next thousand (reference section 1). */
function imageFolder(code: string): string {
  const digits = code.slice(2);
  const rounded = Math.ceil(Number(digits) / 1000) * 1000;
  return `${code.slice(0, 2)}${String(rounded).padStart(digits.length, '0')}`;
}

export function coverPath(code: string): string {
  return `/modpub/images2/work/doujin/${imageFolder(code)}/${code}_img_main.jpg`;
}

function productItem(
  work: FixtureWork,
  locale: keyof typeof LOCALES,
  hostPart: string,
): Record<string, unknown> {
  const language = LOCALES[locale];
  const age = work.ageCategory ?? 3;
  const item: Record<string, unknown> = {
    workno: work.code,
    product_name: work.title,
    work_name: work.title,
    age_category: age,
    age_category_string: ['general', 'r15', 'adult'][age - 1],
    work_type: 'SOU',
    genres: (work.genres ?? []).map((genre) => ({
      id: genre.id,
      name: genre[language],
      search_val: String(genre.id).padStart(3, '0'),
      name_base: genre.ja,
    })),
    // An empty array, not an object, when nobody is credited (as DLsite does).
    creaters: work.vas
      ? {
          voice_by: work.vas.map((name, index) => ({ id: 10_000 + index, name, classification: 'voice_by' })),
        }
      : [],
    image_main: { url: `//${hostPart}${coverPath(work.translationOf?.original ?? work.code)}` },
    intro_s: '<p>…</p>',
  };
  if (work.circle) {
    item.maker_id = work.circle.id;
    item.maker_name = work.circle.name;
  }
  if (work.release) item.regist_date = `${work.release} 16:00:00`;
  if (work.series) {
    item.series_name = work.series;
    item.title_id = `SRI${work.code.slice(2)}`;
  }
  if (work.rating) {
    item.rate_count_detail = Object.fromEntries(
      work.rating.counts.map((count, index) => [String(index + 1), count]),
    );
  }
  if (work.editions) {
    // A map keyed by position on some works: the provider reads both forms.
    item.language_editions = Object.fromEntries(
      work.editions.map((edition, index) => [
        String(index),
        { ...edition, display_order: index + 1, edition_id: 1, edition_type: 'language' },
      ]),
    );
  }
  if (work.translationOf) item.translation_info = translationInfo(work);
  return item;
}

function translationInfo(work: FixtureWork): Record<string, unknown> {
  const original = work.translationOf?.original ?? null;
  return {
    is_original: !original,
    is_parent: !original && Boolean(work.editions),
    is_child: Boolean(original),
    is_volunteer: false,
    is_translation_agree: true,
    original_workno: original,
    parent_workno: original,
    child_worknos: [],
    lang: work.translationOf?.lang ?? 'JPN',
  };
}

function infoItem(work: FixtureWork, hostPart: string): Record<string, unknown> {
  const age = work.ageCategory ?? 3;
  const item: Record<string, unknown> = {
    work_name: work.title,
    maker_id: work.circle?.id,
    work_type: 'SOU',
    age_category: age,
    wishlist_count: 12,
    work_image: `//${hostPart}${coverPath(work.code)}`,
  };
  if (work.release) item.regist_date = `${work.release} 16:00:00`;
  if (work.price !== undefined) {
    item.price = work.price;
    item.price_without_tax = Math.round(work.price / 1.1);
    item.official_price = work.price;
    item.locale_price = { en_US: work.price / 150, zh_CN: work.price / 20 };
  }
  if (work.dlCount !== undefined) item.dl_count = work.dlCount;
  if (work.rating) {
    const total = work.rating.counts.reduce((sum, count) => sum + count, 0);
    item.rate_average = Math.round(work.rating.average);
    item.rate_average_2dp = work.rating.average;
    item.rate_average_star = Math.round(work.rating.average * 10);
    item.rate_count = total;
    item.review_count = work.rating.reviews;
    item.rate_count_detail = work.rating.counts.map((count, index) => ({
      review_point: index + 1,
      count,
      ratio: total ? Math.round((count / total) * 100) : 0,
    }));
    item.rank = [{ term: 'week', category: 'voice', rank: 7, rank_date: '2026-11-20' }];
  }
  if (work.editions) {
    item.dl_count_items = work.editions.map((edition, index) => ({
      edition_type: 'language',
      edition_id: 1,
      workno: edition.workno,
      lang: edition.lang,
      label: edition.label,
      display_label: edition.label,
      display_order: index + 1,
      dl_count: '10',
    }));
  }
  if (work.translationOf || work.editions) item.translation_info = translationInfo(work);
  return item;
}

/** Starts the fixture server on a free loopback port. */
export async function startDlsiteFixtureServer(
  works: readonly FixtureWork[],
  options: FixtureOptions = {},
): Promise<FixtureServer> {
  const byCode = new Map(works.map((work) => [work.code, { ...work }]));
  const requests: string[] = [];
  const throttled = new Set<string>();
  const cover = await sharp({ create: { width: 560, height: 420, channels: 3, background: '#5a7fa8' } })
    .jpeg()
    .toBuffer();
  const hanging = new Set<ServerResponse>();
  let hostPart = '';
  let imageHostPart = '';

  const json = (
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(body);
  };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/maniax/api/=/product.json') {
      const code = url.searchParams.get('workno') ?? '';
      const locale = (url.searchParams.get('locale') ?? 'ja_JP') as keyof typeof LOCALES;
      const work = byCode.get(code);
      if (!work || !(locale in LOCALES) || work.fault === 'delisted' || work.fault === 'region-locked') {
        return json(response, 200, '[]');
      }
      if (work.fault === 'timeout') return void hanging.add(response);
      if (work.fault === 'malformed') return json(response, 200, '[{"workno":"RJ');
      if (work.fault === 'unexpected-shape')
        return json(response, 200, '{"error":"maintenance","items":null}');
      if (work.fault === 'throttle-once' && !throttled.has(code)) {
        throttled.add(code);
        return json(response, 429, '{"error":"too many requests"}', { 'retry-after': '1' });
      }
      return json(response, 200, JSON.stringify([productItem(work, locale, imageHostPart)]));
    }
    if (url.pathname === '/maniax/product/info/ajax') {
      const codes = (url.searchParams.get('product_id') ?? '').split(',');
      const found = codes
        .map((code) => byCode.get(code))
        .filter(
          (work): work is FixtureWork =>
            !!work && work.fault !== 'delisted' && work.fault !== 'region-locked',
        );
      // Nothing found: DLsite's empty answer is an empty array, not an empty object.
      if (found.length === 0) return json(response, 200, '[]');
      return json(
        response,
        200,
        JSON.stringify(Object.fromEntries(found.map((work) => [work.code, infoItem(work, imageHostPart)]))),
      );
    }
    const asmroneCode = (id: string | undefined) =>
      Object.keys(options.asmrone ?? {}).find((key) => Number(key.slice(2)) === Number(id));
    const workInfo = /^\/api\/workInfo\/(\d+)$/.exec(url.pathname);
    if (workInfo) {
      const code = asmroneCode(workInfo[1]);
      if (code) return json(response, 200, options.asmrone?.[code] as string);
      return json(response, 404, '{"error":"not found"}');
    }
    // asmr.one's covers, as kikoeru servers link them (`/api/cover/<id>.jpg?type=main`).
    const asmroneCover = /^\/api\/cover\/(\d+)\.jpg$/.exec(url.pathname);
    if (asmroneCover && asmroneCode(asmroneCover[1])) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(cover.length) });
      return void response.end(cover);
    }
    const image = /^\/modpub\/images2\/work\/doujin\/[A-Z]{2}\d+\/([A-Z]{2}\d+)_img_main\.jpg$/.exec(
      url.pathname,
    );
    const owner = image ? byCode.get(image[1] as string) : undefined;
    if (owner && owner.ownCover !== false) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(cover.length) });
      return void response.end(cover);
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  };

  const server = createServer((request, response) => {
    if (options.delayMs) setTimeout(() => answer(request, response), options.delayMs);
    else answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  hostPart = `127.0.0.1:${port}`;
  imageHostPart = `${options.imageHost ?? '127.0.0.1'}:${port}`;
  return {
    url: `http://${hostPart}`,
    requests,
    setFault(code, fault) {
      const work = byCode.get(code);
      if (work) work.fault = fault;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
