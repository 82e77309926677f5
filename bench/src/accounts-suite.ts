import { randomBytes } from 'node:crypto';
import type { CatalogueFacts } from './generate-catalogue.js';
import { type LoadOptions, type LoadStats, loadTest } from './measure.js';
import { Random } from './random.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import type { RunningServer } from './server-process.js';

export interface AccountsSuiteOptions {
  database: DatabaseKind;
  facts: CatalogueFacts;
  /** Seconds of load per single-client write measurement (after a one-second warm-up). */
  seconds: number;
  /** Seconds of `GET /api/works` alone, and again alongside the logins. */
  loginSeconds: number;
  /** Keeps the peak resident memory seen under load, for the memory measurement. */
  onPeakRss(mb: number): void;
}

/** The accounts issue's login budget: the server keeps up with this many (successful) logins a second. */
const LOGINS_PER_SECOND = 20;
/** Connections autocannon spreads those logins over (each sends its share in a burst every second). */
const LOGIN_CONNECTIONS = 2;
/** How much slower other requests' p99 may get while the logins run. */
const SLOWDOWN_LIMIT = 2;
/** Every generated work has files 0..7 (works with subtitles have 0..10), see `generate-catalogue.ts`. */
const FILES_PER_WORK = 8;

/** A listener registered through the API (registration is on for the bench's servers), not the admin. */
const LISTENER = { name: 'bench-listener', password: randomBytes(18).toString('base64url') };

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Registers the listener and returns its token; a second run on the same database logs in instead. */
async function registerListener(url: string): Promise<string> {
  let response = await postJson(`${url}/api/auth/reg`, LISTENER);
  if (response.status === 409) response = await postJson(`${url}/api/auth/me`, LISTENER);
  if (!response.ok) {
    throw new Error(`Registering ${LISTENER.name} answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}

async function warmAndLoad(options: LoadOptions): Promise<LoadStats> {
  await loadTest({ ...options, seconds: 1 });
  return loadTest(options);
}

const failures = (stats: LoadStats) => stats.errors + stats.non2xx;

/**
 * The accounts issue's budgets against the catalogue server, as a registered listener: single-client
 * p99 of rating a work and of saving a resume position, then 20 logins a second (argon2id) alongside
 * one client listing works, whose p99 may at most double.
 */
export async function runAccountsSuite(
  server: RunningServer,
  options: AccountsSuiteOptions,
): Promise<Measurement[]> {
  const { database, facts } = options;
  const random = new Random(11);
  const token = await registerListener(server.url);
  const results: Measurement[] = [];
  const keepPeak = (stats: LoadStats) => {
    if (stats.peakRssMb !== undefined) options.onPeakRss(stats.peakRssMb);
  };
  const base = { url: server.url, token, serverPid: server.pid };

  // Rating only (no query: `starOnly` defaults to true), half steps 0.5..5 on random works.
  const rating = await warmAndLoad({
    ...base,
    connections: 1,
    seconds: options.seconds,
    method: 'PUT',
    path: () => ({
      path: '/api/review',
      body: { work_id: random.pick(facts.workIds), rating: random.int(1, 10) / 2 },
    }),
  });
  keepPeak(rating);
  results.push(
    judge(
      'PUT /api/review rating (random work)',
      database,
      { ...rating, errors: failures(rating) },
      { figure: 'p99Ms', limit: 10 },
    ),
  );
  console.log(`  PUT /api/review: p99 ${rating.p99Ms.toFixed(2)} ms`);

  // A resume position on an existing (work, file) pair, as the player saves it while playing.
  const position = await warmAndLoad({
    ...base,
    connections: 1,
    seconds: options.seconds,
    method: 'PUT',
    path: () => {
      const duration = random.int(60, 3600);
      return {
        path: `/api/playback/${random.pick(facts.workIds)}`,
        body: {
          fileId: random.int(0, FILES_PER_WORK - 1),
          position: Math.round(random.next() * duration * 10) / 10,
          duration,
        },
      };
    },
  });
  keepPeak(position);
  results.push(
    judge(
      'PUT /api/playback/:workId (random work and file)',
      database,
      { ...position, errors: failures(position) },
      { figure: 'p99Ms', limit: 10 },
    ),
  );
  console.log(`  PUT /api/playback/:workId: p99 ${position.p99Ms.toFixed(2)} ms`);

  // GET /api/works page 1 alone, then for as long again while a second generator logs in 20 times a second.
  const works = { ...base, connections: 1, seconds: options.loginSeconds, path: '/api/works' };
  const alone = await warmAndLoad(works);
  keepPeak(alone);
  const check = await postJson(`${server.url}/api/auth/me`, LISTENER);
  if (!check.ok) throw new Error(`Login as ${LISTENER.name} answered ${check.status}: ${await check.text()}`);
  const [during, logins] = await Promise.all([
    loadTest(works),
    loadTest({
      ...base,
      connections: LOGIN_CONNECTIONS,
      seconds: options.loginSeconds,
      method: 'POST',
      path: '/api/auth/me',
      body: LISTENER,
      overallRate: LOGINS_PER_SECOND,
    }),
  ]);
  keepPeak(during);
  keepPeak(logins);
  const ratio = during.p99Ms / alone.p99Ms;
  results.push(
    judge(
      'GET /api/works page 1, alone (before the logins)',
      database,
      { ...alone, errors: failures(alone) },
      { figure: 'p99Ms', limit: 10 },
    ),
    judge(
      `GET /api/works page 1, during ${LOGINS_PER_SECOND} logins/s`,
      database,
      { ...during, errors: failures(during), note: `${ratio.toFixed(2)}× the p99 alone` },
      {
        figure: 'p99Ms',
        limit: SLOWDOWN_LIMIT * alone.p99Ms,
        orEqual: true,
        text: `p99 ≤ ${SLOWDOWN_LIMIT}× alone (${(SLOWDOWN_LIMIT * alone.p99Ms).toFixed(2)} ms)`,
      },
    ),
    judge(
      `POST /api/auth/me login, ${LOGINS_PER_SECOND}/s on ${LOGIN_CONNECTIONS} connections`,
      database,
      { ...logins, errors: failures(logins), note: `argon2id, ${logins.requests} logins` },
      { figure: 'requestsPerSec', limit: LOGINS_PER_SECOND, atLeast: true, orEqual: true },
    ),
  );
  console.log(
    `  GET /api/works p99 ${alone.p99Ms.toFixed(2)} ms alone, ${during.p99Ms.toFixed(2)} ms during logins ` +
      `(${ratio.toFixed(2)}×); logins ${logins.requestsPerSec.toFixed(1)}/s, p99 ${logins.p99Ms.toFixed(2)} ms`,
  );
  return results;
}
