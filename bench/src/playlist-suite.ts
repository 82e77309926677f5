import { randomBytes } from 'node:crypto';
import type { CatalogueFacts } from './generate-catalogue.js';
import { type LoadOptions, type LoadStats, loadTest } from './measure.js';
import { Random } from './random.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import type { RunningServer } from './server-process.js';

export interface PlaylistSuiteOptions {
  database: DatabaseKind;
  facts: CatalogueFacts;
  /** Seconds of load per measurement (after a one-second warm-up). */
  seconds: number;
  onPeakRss(mb: number): void;
}

/** Issue 13's playlist budgets: reads and adding a work, p99 in ms, one client. */
const BUDGET_MS = 10;
/** Works in the measured playlist before the load, so its pages are full ones. */
const STARTING_WORKS = 200;
const CURATOR = { name: 'bench-curator', password: randomBytes(18).toString('base64url') };

async function call(url: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(url: string): Promise<string> {
  let response = await call(`${url}/api/auth/reg`, null, CURATOR);
  if (response.status === 409) response = await call(`${url}/api/auth/me`, null, CURATOR);
  if (!response.ok) throw new Error(`Registering ${CURATOR.name} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function warmAndLoad(options: LoadOptions): Promise<LoadStats> {
  await loadTest({ ...options, seconds: 1 });
  return loadTest(options);
}

/**
 * A member's playlist of 200 random works on the generated catalogue: its first page of works, its
 * metadata, the member's playlists, and adding a random work (each add lands on a growing playlist).
 */
export async function runPlaylistSuite(
  server: RunningServer,
  options: PlaylistSuiteOptions,
): Promise<Measurement[]> {
  const { database, facts } = options;
  const random = new Random(13);
  const token = await signIn(server.url);
  const works = Array.from({ length: STARTING_WORKS }, () => random.pick(facts.workIds));
  const created = await call(`${server.url}/api/playlist/create-playlist`, token, {
    name: 'Bench',
    privacy: 2,
    works,
  });
  if (!created.ok) throw new Error(`create-playlist answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const base = { url: server.url, token, serverPid: server.pid, connections: 1, seconds: options.seconds };
  const cases: Array<[string, Omit<LoadOptions, keyof typeof base>]> = [
    [
      'GET /api/playlist/get-playlist-works (page 1 of 200)',
      { path: `/api/playlist/get-playlist-works?id=${id}` },
    ],
    ['GET /api/playlist/get-playlist-metadata', { path: `/api/playlist/get-playlist-metadata?id=${id}` }],
    ['GET /api/playlist/get-playlists', { path: '/api/playlist/get-playlists?page=1&pageSize=12' }],
    [
      'POST /api/playlist/add-works-to-playlist (random work)',
      {
        method: 'POST',
        path: () => ({
          path: '/api/playlist/add-works-to-playlist',
          body: { id, works: [random.pick(facts.workIds)] },
        }),
      },
    ],
  ];
  const results: Measurement[] = [];
  for (const [name, load] of cases) {
    const stats = await warmAndLoad({ ...base, ...load });
    if (stats.peakRssMb !== undefined) options.onPeakRss(stats.peakRssMb);
    results.push(
      judge(
        name,
        database,
        { ...stats, errors: stats.errors + stats.non2xx },
        { figure: 'p99Ms', limit: BUDGET_MS },
      ),
    );
    console.log(`  ${name}: p99 ${stats.p99Ms.toFixed(2)} ms`);
  }
  return results;
}
