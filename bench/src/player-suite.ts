import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureDemoLibrary } from '@sasayaki/server/demo/ensure-demo-library.js';
import type { TranscodeFormat } from '@sasayaki/server/media/transcode-args.js';
import { type Browser, chromium } from 'playwright-core';
import { judge, type Measurement } from './report.js';
import { type RunningServer, type ServerEnv, startServer } from './server-process.js';
import { CHROMIUM, waitForScan } from './web-suite.js';

/**
 * The player's budgets (issue 5), on the built web app and server with the demo library, in Debian's
 * Chromium (headless, default autoplay policy: sound starts from a real click, as for a listener):
 *
 * - click to sound: from the click on a track of a work page to the audio element's first `playing`
 *   event with its currentTime advancing, for the original file and for a low-bitrate file the server
 *   has already made (its transcode cache is what "cached" means here: the browser's own cache is empty
 *   in each fresh context);
 * - first audio of a low-bitrate stream never transcoded, WebM and M4A: from the request until the
 *   response holds the first piece a browser can decode (a complete WebM cluster, or an MP4 `moof` and
 *   its `mdat`), for a generated 30-minute WAV, the server restarted before each request (which kills
 *   the previous ffmpeg and leaves nothing cached); the same once more in Chromium (`playing`), which
 *   also shows the growing stream plays there;
 * - the JavaScript the player adds to the first work page (gzipped).
 */

/** A demo work with two 8 s WAV tracks at its root (as e2e/tests/player.spec.ts). */
const WORK = 'RJ01362753';
const TRACK = '01_はじめに.wav';
/** The long file's work: an RJ code the demo library does not use. */
const LONG_WORK = 'RJ09990001';
const LONG_TRACK = 'long.wav';
const LONG_MINUTES = 30;
const CLICK_RUNS = 5;
const FIRST_AUDIO_RUNS = 3;
/** The player's lazy root chunk (apps/web/src/app/layout/PlayerSlots.tsx). */
const PLAYER_CHUNK = /\/PlayerRoot-[\w-]+\.js$/;

/**
 * Times in the page from the click on: the element's `loadstart` (the store and React have set its
 * source), `loadedmetadata`, the `play()` call, and the first `playing` after which currentTime moves.
 */
const CLICK_PROBE = `
  window.__click = null;
  window.__sound = null;
  window.__marks = {};
  const since = () => performance.now() - window.__click;
  addEventListener('click', (event) => {
    if (window.__click === null) window.__click = event.timeStamp;
  }, true);
  for (const name of ['loadstart', 'loadedmetadata']) {
    document.addEventListener(name, () => {
      if (window.__click !== null && window.__marks[name] === undefined) window.__marks[name] = since();
    }, true);
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (window.__click !== null && window.__marks.play === undefined) window.__marks.play = since();
    return play.call(this);
  };
  document.addEventListener('playing', (event) => {
    const audio = event.target;
    if (window.__click === null || window.__sound !== null || !(audio instanceof HTMLMediaElement)) return;
    const ms = since();
    const from = audio.currentTime;
    const moved = () => {
      if (audio.currentTime > from) window.__sound = { ms, src: audio.currentSrc };
      else setTimeout(moved, 10);
    };
    moved();
  }, true);
`;

/** The media request's server part (request sent to first byte), from Resource Timing. */
const CLICK_REPORT = `(() => {
  const media = performance.getEntriesByType('resource').find((entry) => entry.name === window.__sound.src);
  return {
    ms: window.__sound.ms,
    src: window.__sound.src,
    marks: window.__marks,
    serverMs: media && media.responseStart > 0 ? media.responseStart - media.requestStart : null,
  };
})()`;

interface Click {
  ms: number;
  src: string;
  marks: Partial<Record<'loadstart' | 'loadedmetadata' | 'play', number>>;
  serverMs: number | null;
}

/** Milliseconds from setting an audio element's source until it plays (muted, as autoplay allows). */
const playInPage = (url: string) => `new Promise((resolve, reject) => {
  const audio = new Audio();
  audio.muted = true;
  const started = performance.now();
  audio.addEventListener('playing', () => {
    const ms = performance.now() - started;
    const from = audio.currentTime;
    const moved = () => (audio.currentTime > from ? resolve(ms) : setTimeout(moved, 10));
    moved();
  }, { once: true });
  audio.addEventListener('error', () => reject(new Error('media error ' + audio.error?.code)));
  audio.src = ${JSON.stringify(url)};
  audio.play().catch(reject);
})`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

const round = (ms: number) => Math.round(ms);

/**
 * One row from several runs: the median is held to the budget, the worst is in the p99 column (the
 * nearest-rank p99 of a few runs). Any error (a run that went wrong) fails it.
 */
function timingRow(name: string, runs: number[], limit: number, note: string, errors = 0): Measurement {
  const p50 = runs.length ? median(runs) : undefined;
  return judge(
    name,
    'sqlite',
    { ...(p50 === undefined ? {} : { p50Ms: p50, p99Ms: Math.max(...runs), ms: p50 }), note, errors },
    { figure: 'ms', limit, text: `p50 < ${limit.toLocaleString('en-US')} ms` },
  );
}

/** A work folder with one generated WAV of `minutes` (a sine: cheap to make, 1,411 kbit/s). */
function writeLongWork(root: string, minutes: number): void {
  const dir = join(root, `${LONG_WORK} Long track`);
  mkdirSync(dir, { recursive: true });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=44100:duration=${minutes * 60}`],
    ...['-ac', '2', join(dir, LONG_TRACK)],
  ]);
}

interface TrackNode {
  title: string;
  type: string;
  streamLowQualityUrl?: string;
  children?: TrackNode[];
}

/** The low-bitrate URL path of a work's file (a restarted server listens on another port). */
async function lowBitratePath(server: RunningServer, work: string, title: string): Promise<string> {
  const response = await fetch(`${server.url}/api/tracks/${work}`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (!response.ok) throw new Error(`/api/tracks/${work} answered ${response.status}`);
  const flatten = (nodes: TrackNode[]): TrackNode[] =>
    nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
  const file = flatten((await response.json()) as TrackNode[]).find((node) => node.title === title);
  if (!file?.streamLowQualityUrl) throw new Error(`${work} has no ${title} with a low-bitrate stream`);
  return file.streamLowQualityUrl;
}

/** Requests a URL until the server answers from its cache (ranges): the low-bitrate file is made. */
async function untilCached(url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.headers.get('accept-ranges') === 'bytes') return;
  }
  throw new Error(`${url} was not cached after 20 requests`);
}

/**
 * Clicks the first track of the demo work in fresh contexts (empty cache, no service worker) with the
 * given quality setting, once the player's chunk is in (it loads with the work page, before any click).
 */
async function clicks(
  browser: Browser,
  baseUrl: string,
  qualityBehavior: 'fluentFirst' | 'qualityFirst',
): Promise<Click[]> {
  const results: Click[] = [];
  for (let run = 0; run < CLICK_RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 1350, height: 940 },
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await page.addInitScript({
        content: `localStorage.setItem('sharedConfig', ${JSON.stringify(JSON.stringify({ qualityBehavior }))});`,
      });
      await page.addInitScript({ content: CLICK_PROBE });
      await page.goto(`${baseUrl}/work/${WORK}`);
      await page.getByTestId('player-audio').waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByText(TRACK, { exact: true }).click();
      await page.waitForFunction('window.__sound !== null', null, { timeout: 20_000 });
      results.push((await page.evaluate(CLICK_REPORT)) as Click);
    } finally {
      await context.close();
    }
  }
  return results;
}

function clickRow(name: string, runs: Click[], expected: string): Measurement {
  const wrong = runs.filter((run) => !run.src.includes(expected));
  const phase = (pick: (run: Click) => number | null | undefined) => {
    const values = runs.map(pick).filter((value): value is number => typeof value === 'number');
    return values.length ? `${round(median(values))}` : '?';
  };
  const note =
    `median of ${runs.length} clicks; loadstart ${phase((r) => r.marks.loadstart)}, ` +
    `server ${phase((r) => r.serverMs)}, metadata ${phase((r) => r.marks.loadedmetadata)}, ` +
    `play() ${phase((r) => r.marks.play)} ms` +
    (wrong.length ? `; ${wrong.length} played another URL than ${expected}` : '');
  return timingRow(
    name,
    runs.map((run) => run.ms),
    300,
    note,
    wrong.length,
  );
}

/** Whether `bytes`, the start of a WebM, hold a whole first cluster (or a cluster's first block). */
function webmHasAudio(bytes: Buffer): boolean {
  // EBML variable-length integers: the leading zeros of the first byte give the length.
  const vint = (at: number, keepMarker: boolean) => {
    const first = bytes[at];
    if (first === undefined || first === 0) return null;
    const length = Math.clz32(first) - 23;
    if (at + length > bytes.length) return null;
    let value = keepMarker ? first : first & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] as number);
    const unknown = !keepMarker && value === 2 ** (7 * length) - 1;
    return { value, length, unknown };
  };
  const SEGMENT = 0x18538067;
  const CLUSTER = 0x1f43b675;
  const BLOCKS = new Set([0xa3, 0xa0]); // SimpleBlock, BlockGroup
  let inCluster = false;
  for (let at = 0; at < bytes.length; ) {
    const id = vint(at, true);
    const size = id && vint(at + id.length, false);
    if (!id || !size) return false;
    const body = at + id.length + size.length;
    if (id.value === CLUSTER && !size.unknown) return body + size.value <= bytes.length;
    if (inCluster && BLOCKS.has(id.value)) return body + size.value <= bytes.length;
    if (id.value === CLUSTER) inCluster = true;
    // Step into the segment and an unknown-size cluster; step over everything else.
    at = id.value === SEGMENT || (id.value === CLUSTER && size.unknown) ? body : body + size.value;
  }
  return false;
}

/**
 * Whether `bytes`, the start of an MP4, hold a fragment (`moof`) and the whole `mdat` after it, or for a
 * plain MP4 with its index first, the index and the start of its `mdat`.
 */
function mp4HasAudio(bytes: Buffer): boolean {
  let fragment = false;
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'mdat') return !fragment || at + size <= bytes.length;
    if (type === 'moof') fragment = true;
    if (size < 8) return false;
    at += size;
  }
  return false;
}

/**
 * Milliseconds from the request until the response holds audio a browser can decode. Node's own client on
 * a connection of its own, closed at once: a fetch body cancelled mid-stream leaves its keep-alive
 * connection open, and the server's shutdown would wait for it (and leave its ffmpeg running).
 */
function firstAudioMs(url: string, format: TranscodeFormat): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let bytes = Buffer.alloc(0);
    const request = get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        request.destroy();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      response.on('data', (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        if (format === 'webm' ? webmHasAudio(bytes) : mp4HasAudio(bytes)) {
          const ms = performance.now() - started;
          request.destroy();
          resolve(ms);
        }
      });
      response.on('end', () => reject(new Error(`the ${format} stream ended before any audio`)));
    });
    request.on('error', reject);
  });
}

/** A script the page fetched, and when its request started (Resource Timing, ms since navigation). */
interface FetchedScript {
  url: string;
  startTime: number;
}

/**
 * The player's chunk and the scripts only it needs, among `scripts` (every script a work page fetched):
 * what the page had fetched before it asked for the player's chunk, and the files reachable by static
 * imports from the other entry points (the app's entry, idle-time loads: files nothing else fetched
 * imports), do not count. The first rule is what "added" means: the player's chunk imports the work
 * screen's chunk (modules the two share live there, app/screen-chunks-plugin.ts), which the router
 * imports only dynamically, so by imports alone the work screen (50 KB gz) and the works page's chunks
 * looked like the player's own: 113 KB where the player adds 47.
 */
async function playerScripts(scripts: readonly FetchedScript[]): Promise<{ bytes: number; files: number }> {
  const code = new Map<string, Buffer>();
  for (const { url } of scripts) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    code.set(url, Buffer.from(await response.arrayBuffer()));
  }
  const imports = new Map<string, string[]>();
  for (const [url, body] of code) {
    // Rollup's static imports: `import{a as b}from"./x.js"` and `import"./x.js"` (never `import(`).
    const found = [
      ...body.toString('utf8').matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*)?"(\.\/[^"]+\.js)"/g),
    ];
    imports.set(
      url,
      found.map((match) => new URL(match[1] as string, url).href),
    );
  }
  const imported = new Set([...imports.values()].flat());
  const player = scripts.filter(({ url }) => PLAYER_CHUNK.test(new URL(url).pathname));
  if (player.length !== 1 || !player[0]) throw new Error(`expected one player chunk among ${scripts.length}`);
  const { url: playerUrl, startTime: playerAsked } = player[0];
  const roots = [
    ...scripts.filter(({ url }) => !imported.has(url) && url !== playerUrl),
    ...scripts.filter(({ startTime }) => startTime < playerAsked),
  ];
  const reachable = new Set<string>();
  const visit = (url: string) => {
    if (reachable.has(url)) return;
    reachable.add(url);
    for (const next of imports.get(url) ?? []) visit(next);
  };
  for (const { url } of roots) visit(url);
  const own = [...code.keys()].filter((url) => !reachable.has(url));
  const bytes = own.reduce((sum, url) => sum + gzipSync(code.get(url) as Buffer, { level: 9 }).length, 0);
  return { bytes, files: own.length };
}

/**
 * Every script a work page fetched once the player is in and the page has gone quiet (idle loads too),
 * with when each was asked for.
 */
async function workPageScripts(browser: Browser, baseUrl: string): Promise<FetchedScript[]> {
  const context = await browser.newContext({
    viewport: { width: 1350, height: 940 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/work/${WORK}`);
    await page.getByTestId('player-audio').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const entries = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((entry) => /\\.m?js(\\?|$)/.test(entry.name)).map(({ name, startTime }) => ({ url: name, startTime }))`,
    )) as FetchedScript[];
    // The first fetch of each file: a second (a preload, then the import) changes nothing fetched.
    const first = new Map<string, FetchedScript>();
    for (const entry of entries) if (!first.has(entry.url)) first.set(entry.url, entry);
    return [...first.values()];
  } finally {
    await context.close();
  }
}

/**
 * The first-audio row of one format: the request timed on `FIRST_AUDIO_RUNS` fresh servers, then played
 * once in Chromium on another. A run that fails is an error of the row, not of the suite.
 */
async function firstAudioRow(
  browser: Browser,
  fresh: () => Promise<RunningServer>,
  path: string,
  format: TranscodeFormat,
): Promise<Measurement> {
  const runs: number[] = [];
  const notes = [`median of ${FIRST_AUDIO_RUNS} requests`];
  let errors = 0;
  const onServer = async (measure: (url: string) => Promise<void>) => {
    const server = await fresh();
    try {
      await measure(`${server.url}${path}?format=${format}`);
    } catch (error) {
      errors++;
      notes.push((error as Error).message.split('\n')[0] as string);
    } finally {
      await server.stop();
    }
  };
  for (let run = 0; run < FIRST_AUDIO_RUNS; run++)
    await onServer(async (url) => {
      runs.push(await firstAudioMs(url, format));
    });
  await onServer(async (url) => {
    const page = await browser.newPage();
    try {
      const ms = (await page.evaluate(playInPage(url))) as number;
      notes.push(`playing in Chromium after ${round(ms)} ms`);
    } finally {
      await page.close();
    }
  });
  return timingRow(
    `player: low-bitrate first audio, never transcoded (${format})`,
    runs,
    1000,
    notes.join('; '),
    errors,
  );
}

export async function runPlayerSuite(tmp: string): Promise<Measurement[]> {
  // The web suite's demo library (web-suite.ts), made once per run: ensureDemoLibrary returns it as it is.
  const demoLibrary = await ensureDemoLibrary(join(tmp, 'web-data'));
  const longLibrary = join(tmp, 'player-library');
  console.log(`[player] generating a ${LONG_MINUTES}-minute WAV`);
  writeLongWork(longLibrary, LONG_MINUTES);
  const dataDir = join(tmp, 'player-data');
  // SASAYAKI_LIBRARY takes several folders separated by ':'.
  const settings: ServerEnv = { dataDir, libraryDir: `${demoLibrary}:${longLibrary}` };
  const accountsOff = { SASAYAKI_AUTH: 'false' };
  const measurements: Measurement[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const server = await startServer(settings, 30_000, { ...accountsOff, SASAYAKI_SCAN_ON_STARTUP: 'true' });
    let longPath: string;
    try {
      await waitForScan(server);
      longPath = await lowBitratePath(server, LONG_WORK, LONG_TRACK);
      console.log('[player] click to sound');
      measurements.push(
        clickRow(
          'player: click to sound (original file)',
          await clicks(browser, server.url, 'qualityFirst'),
          '/api/media/stream/',
        ),
      );
      await untilCached(`${server.url}${await lowBitratePath(server, WORK, TRACK)}`);
      measurements.push(
        clickRow(
          'player: click to sound (cached low-bitrate file)',
          await clicks(browser, server.url, 'fluentFirst'),
          '/api/media/stream-lq/',
        ),
      );
      const player = await playerScripts(await workPageScripts(browser, server.url));
      measurements.push(
        judge(
          'player: JavaScript added to the first work page (gzipped)',
          'sqlite',
          { kbGz: Math.round(player.bytes / 100) / 10, note: `${player.files} files` },
          { figure: 'kbGz', limit: 60, orEqual: true },
        ),
      );
    } finally {
      await server.stop();
    }

    // A fresh server for each request: stopping one kills its ffmpeg and removes the unfinished output.
    const fresh = async () => {
      rmSync(join(dataDir, 'transcodes'), { recursive: true, force: true });
      return startServer(settings, 30_000, accountsOff);
    };
    for (const format of ['webm', 'm4a'] as const) {
      console.log(`[player] first audio of a ${LONG_MINUTES}-minute file never transcoded (${format})`);
      measurements.push(await firstAudioRow(browser, fresh, longPath, format));
    }
  } finally {
    await browser.close();
  }
  return measurements;
}
