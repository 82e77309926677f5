import { randomBytes } from 'node:crypto';
import type { CatalogueFacts } from './generate-catalogue.js';
import { type LoadOptions, type LoadStats, loadTest } from './measure.js';
import { Random } from './random.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import type { RunningServer } from './server-process.js';

export interface RecommenderSuiteOptions {
  database: DatabaseKind;
  facts: CatalogueFacts;
  /** Seconds of load per measurement (after a one-second warm-up). */
  seconds: number;
  onPeakRss(mb: number): void;
}

/** Issue 13's budgets, p99 in ms with one client. */
const POPULAR_AND_NEIGHBORS_MS = 20;
const FOR_USER_MS = 50;
const CHECK_LRC_V2_MS = 20;
/** The measured listener's ratings, and the other listeners who make co-listening worth computing. */
const OWN_RATINGS = 500;
// Registration allows about ten sign-ups a minute from one address: eight listeners stay under it.
const OTHER_LISTENERS = 8;
const OTHER_RATINGS = 200;

async function call(url: string, method: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function listener(url: string, name: string): Promise<string> {
  const account = { name, password: randomBytes(18).toString('base64url') };
  const response = await call(`${url}/api/auth/reg`, 'POST', null, account);
  if (!response.ok) throw new Error(`Registering ${name} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function rate(url: string, token: string, workIds: number[], random: Random): Promise<void> {
  for (const workId of workIds) {
    const response = await call(`${url}/api/review?starOnly=true`, 'PUT', token, {
      work_id: workId,
      rating: random.int(1, 5),
    });
    if (!response.ok) throw new Error(`Rating ${workId} answered ${response.status}`);
  }
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[random.int(0, items.length - 1)] as T;
}

async function warmAndLoad(options: LoadOptions): Promise<LoadStats> {
  await loadTest({ ...options, seconds: 1 });
  return loadTest(options);
}

/**
 * The recommender on the generated catalogue: a listener with 500 ratings and 8 others with 200 each,
 * drawn from the same 3,000 works so their tastes overlap; then `popular`, `item-neighbors` of a random
 * work, `recommend-for-user` of the 500-rating listener, and `check-lrc-v2` for a wav track of a random
 * work (its subtitles are in the mp3 folder).
 */
export async function runRecommenderSuite(
  server: RunningServer,
  options: RecommenderSuiteOptions,
): Promise<Measurement[]> {
  const { database, facts } = options;
  const random = new Random(1313);
  const pool = Array.from({ length: 3_000 }, () => pick(random, facts.workIds));
  const distinct = (count: number) =>
    [...new Set(Array.from({ length: count * 2 }, () => pick(random, pool)))].slice(0, count);
  const token = await listener(server.url, 'bench-recommended');
  await rate(server.url, token, distinct(OWN_RATINGS), random);
  for (let i = 0; i < OTHER_LISTENERS; i += 1) {
    await rate(
      server.url,
      await listener(server.url, `bench-listener-${i}`),
      distinct(OTHER_RATINGS),
      random,
    );
  }
  const body = { keyword: ' ', page: 1, subtitle: 0, localSubtitledWorks: [], withPlaylistStatus: [] };
  const base = {
    url: server.url,
    token,
    serverPid: server.pid,
    connections: 1,
    seconds: options.seconds,
    method: 'POST' as const,
  };
  const cases: Array<[string, Omit<LoadOptions, keyof typeof base>, number]> = [
    ['POST /api/recommender/popular', { path: '/api/recommender/popular', body }, POPULAR_AND_NEIGHBORS_MS],
    [
      'POST /api/recommender/item-neighbors (random work)',
      {
        path: () => ({
          path: '/api/recommender/item-neighbors',
          body: { ...body, itemId: pick(random, facts.workIds) },
        }),
      },
      POPULAR_AND_NEIGHBORS_MS,
    ],
    [
      `POST /api/recommender/recommend-for-user (${OWN_RATINGS} ratings)`,
      { path: '/api/recommender/recommend-for-user', body },
      FOR_USER_MS,
    ],
    [
      'POST /api/media/check-lrc-v2 (random work)',
      {
        path: () => ({
          path: '/api/media/check-lrc-v2',
          body: { intProductID: pick(random, facts.workIds), mediaFileName: '01_プロローグ.wav' },
        }),
      },
      CHECK_LRC_V2_MS,
    ],
  ];
  // The first call builds the label index of the whole catalogue (once per catalogue version, then in
  // the background): timed on its own, so the rows measure the requests that follow.
  const started = performance.now();
  const first = await call(`${server.url}/api/recommender/popular`, 'POST', token, body);
  if (!first.ok) throw new Error(`popular answered ${first.status}`);
  console.log(`  first recommender call (builds the index): ${Math.round(performance.now() - started)} ms`);
  const results: Measurement[] = [];
  for (const [name, load, limit] of cases) {
    const stats = await warmAndLoad({ ...base, ...load });
    if (stats.peakRssMb !== undefined) options.onPeakRss(stats.peakRssMb);
    results.push(
      judge(name, database, { ...stats, errors: stats.errors + stats.non2xx }, { figure: 'p99Ms', limit }),
    );
    console.log(`  ${name}: p99 ${stats.p99Ms.toFixed(2)} ms`);
  }
  return results;
}
