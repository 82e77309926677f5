import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, isPhone, registerUser, test } from '../helpers';

/**
 * A seek early in a long WAV (issue 14, item 3). In fluentFirst mode the player streams the low-bitrate
 * copy, which the server sends while ffmpeg writes it: one growing response, no length, no ranges. A
 * seek past what has arrived must play at once (the original from there), not stay silent while the
 * player says "playing".
 *
 * A 20-minute track is made here, as the server would send it: RJ205464's second track is pointed (in
 * its /api/tracks answer) at a small HTTP server of this test, which answers the original as a 24-bit
 * 48 kHz WAV with ranges (silence, made as it is read) and the low-bitrate copy as Opus in WebM written
 * by ffmpeg to a pipe (no length, no cues, as while transcoding), sent as it "grows": its first 30 s at
 * once, then ten times faster than real time, so 15:00 is 87 s away. Once a test says the transcode is
 * done (`media.finished`), the same URL answers the finished file (written to a file: cues, a length)
 * with ranges, as the server answers its transcode cache.
 */
const WORK = '/work/RJ205464';
const TRACK = '#02 おやすみなさい.wav';
const SECONDS = 20 * 60;
const RATE = 48_000;
const BYTES_PER_SAMPLE = 3;

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(24, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * The low-bitrate copy of 20 minutes of silence as ffmpeg writes it to a pipe (growing: no length, no
 * cues) or to a file (finished); each made once per machine.
 */
function lowBitrateCopy(kind: 'pipe' | 'file'): Buffer {
  const file = join(tmpdir(), `sasayaki-e2e-20min-${kind}.webm`);
  if (!existsSync(file)) {
    const encode = `ffmpeg -v error -f lavfi -i anullsrc=r=48000:cl=mono -t ${SECONDS} -c:a libopus -b:a 96k -f webm`;
    // A part file of this process's own: the two workers may both make it at once.
    const part = `${file}.${process.pid}.part`;
    const made = spawnSync(
      'sh',
      [
        '-c',
        kind === 'pipe'
          ? `${encode} pipe:1 > '${part}' && mv '${part}' '${file}'`
          : `${encode} -y '${part}' && mv '${part}' '${file}'`,
      ],
      { stdio: 'inherit' },
    );
    if (made.status !== 0) throw new Error('ffmpeg could not make the low-bitrate copy');
  }
  return readFileSync(file);
}

/** Writes `length` bytes of `chunk` (repeated) to `response`, waiting when the socket is full. */
async function writeRepeated(response: ServerResponse, chunk: Buffer, length: number): Promise<void> {
  for (let left = length; left > 0 && !response.destroyed; ) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!response.write(part)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

/** The page reads the answers' headers (the player asks whether the low-bitrate copy is finished). */
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Accept-Ranges' };

/** Answers a GET or HEAD of a file of `size` bytes with ranges; returns the range to send, if any. */
function rangeHead(
  request: IncomingMessage,
  response: ServerResponse,
  size: number,
  type: string,
): { start: number; end: number } | null {
  const match = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match?.[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  response.writeHead(match ? 206 : 200, {
    ...CORS,
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Content-Length': end - start + 1,
    ...(match ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
  });
  if (request.method !== 'HEAD') return { start, end };
  response.end();
  return null;
}

function serveWav(request: IncomingMessage, response: ServerResponse): void {
  const dataBytes = SECONDS * RATE * BYTES_PER_SAMPLE;
  const range = rangeHead(request, response, 44 + dataBytes, 'audio/wav');
  if (!range) return;
  const { start, end } = range;
  const header = wavHeader(dataBytes);
  let from = start;
  if (from < 44) {
    response.write(header.subarray(from, Math.min(44, end + 1)));
    from = 44;
  }
  void writeRepeated(response, Buffer.alloc(64 * 1024), end + 1 - from);
}

function serveFinished(webm: Buffer, request: IncomingMessage, response: ServerResponse): void {
  const range = rangeHead(request, response, webm.length, 'audio/webm');
  if (range) response.end(webm.subarray(range.start, range.end + 1));
}

function serveGrowing(webm: Buffer, request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { ...CORS, 'Content-Type': 'audio/webm', 'Accept-Ranges': 'none' });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const perSecond = webm.length / SECONDS;
  let sent = Math.round(perSecond * 30);
  response.write(webm.subarray(0, sent));
  const timer = setInterval(() => {
    const next = Math.min(webm.length, sent + Math.round(perSecond));
    if (!response.destroyed) response.write(webm.subarray(sent, next));
    sent = next;
    if (sent >= webm.length || response.destroyed) {
      clearInterval(timer);
      response.end();
    }
  }, 100);
  response.on('close', () => clearInterval(timer));
}

interface MediaServer {
  server: Server;
  base: string;
  /** The low-bitrate copy's transcode is done: `/long.webm` is the finished file, with ranges. */
  finished: boolean;
}

async function startMediaServer(): Promise<MediaServer> {
  const growing = lowBitrateCopy('pipe');
  const finished = lowBitrateCopy('file');
  const media = { finished: false } as MediaServer;
  media.server = createServer((request, response) => {
    if (request.url?.startsWith('/long.wav')) serveWav(request, response);
    else if (request.url?.startsWith('/long.webm') && media.finished)
      serveFinished(finished, request, response);
    else if (request.url?.startsWith('/long.webm')) serveGrowing(growing, request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => media.server.listen(0, '127.0.0.1', resolve));
  media.base = `http://127.0.0.1:${(media.server.address() as AddressInfo).port}`;
  return media;
}

type Node = { type: string; title: string; children?: Node[] } & Record<string, unknown>;

/** RJ205464's tree with its second track made 20 minutes long and served by this test. */
async function pointTrackAt(page: Page, base: string): Promise<void> {
  await page.route(/\/api\/tracks\/(RJ)?205464(\?|$)/i, async (route: Route) => {
    const response = await route.fetch();
    const tree = (await response.json()) as Node[];
    const visit = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.title === TRACK) {
          node.mediaStreamUrl = `${base}/long.wav`;
          node.streamLowQualityUrl = `${base}/long.webm`;
          node.duration = SECONDS;
        }
        if (node.children) visit(node.children);
      }
    };
    visit(tree);
    await route.fulfill({ response, json: tree });
  });
}

/**
 * Milliseconds from now until the play head moves on past where it landed beyond `from` seconds, and
 * where that was, measured in the page.
 */
function soundPast(page: Page, from: number): Promise<{ ms: number; at: number }> {
  return page.evaluate(
    (from) =>
      new Promise<{ ms: number; at: number }>((resolve) => {
        const element = document.querySelector('audio') as HTMLAudioElement;
        const start = performance.now();
        let landed = -1;
        const look = () => {
          if (!element.paused && !element.seeking && element.currentTime > from) {
            if (landed < 0) landed = element.currentTime;
            else if (element.currentTime > landed + 0.05) {
              resolve({ ms: performance.now() - start, at: element.currentTime });
              return;
            }
          }
          requestAnimationFrame(look);
        };
        look();
      }),
    from,
  );
}

const source = (page: Page) =>
  page.getByTestId('player-audio').evaluate((element: HTMLAudioElement) => element.currentSrc);

/**
 * Plays the 20-minute track and seeks to 15:00 right after the first play; the original plays from there.
 * Returns the milliseconds from letting go of the seek bar to sound.
 */
async function playAndSeekTo15(page: Page, base: string): Promise<number> {
  await pointTrackAt(page, base);
  await registerUser(page, { path: WORK });
  await page.getByText(TRACK, { exact: true }).click();
  await expect(page.getByTestId('player-title')).toHaveText(TRACK, { timeout: 20_000 });
  const audio = page.getByTestId('player-audio');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect(await source(page)).toContain('/long.webm');

  // 15:00 on the seek bar (3/4 of 20 minutes): the bar's on a desktop, the full player's on a phone.
  if (isPhone())
    await page.getByTestId('player-bar').getByRole('button', { name: 'Open the player' }).click();
  const seek = (isPhone() ? page : page.getByTestId('player-bar')).getByTestId('player-seek').last();
  await expect(seek).toBeVisible();
  // The full player slides in (200 ms): measure the bar once it is in place.
  if (isPhone()) await page.waitForTimeout(500);
  const box = await seek.boundingBox();
  if (!box) throw new Error('no seek bar');
  const x = box.x + box.width * 0.75;
  const y = box.y + box.height / 2;
  if (!isPhone()) {
    await page.mouse.move(x, y);
    await page.mouse.down();
  }
  // The time from letting go to the play head moving on past where it landed.
  const sounding = soundPast(page, 850);
  if (isPhone()) await page.touchscreen.tap(x, y);
  else await page.mouse.up();
  const { ms, at } = await sounding;
  expect(at).toBeGreaterThan(880);
  expect(at).toBeLessThan(920);
  expect(await source(page)).toContain('/long.wav');
  return ms;
}

test.describe('seeking a long WAV in fluentFirst', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ actionTimeout: 20_000, serviceWorkers: 'block' });

  let media: MediaServer;
  test.beforeAll(async () => {
    media = await startMediaServer();
  });
  test.beforeEach(() => {
    media.finished = false;
  });
  test.afterAll(async () => {
    media.server.closeAllConnections();
    await new Promise((resolve) => media.server.close(resolve));
  });

  test('a seek to 15:00 right after the first play sounds within 1 s', async ({ page }) => {
    const ms = await playAndSeekTo15(page, media.base);
    expect(ms, `sound ${Math.round(ms)} ms after the seek`).toBeLessThan(1_000);
    // The spinner is gone once it plays; the bar shows the real position.
    await expect(page.getByTestId('player-buffering')).toHaveCount(0);
    await expect(page.getByTestId('player-time').last()).toHaveText(/^1[45]:/);
  });

  test('back to the low-bitrate copy at a pause once it is finished, from the same place', async ({
    page,
  }) => {
    await playAndSeekTo15(page, media.base);
    // Still transcoding: a pause keeps the original. (The full player is open on phones.)
    const controls = page.getByTestId(isPhone() ? 'full-player' : 'player-bar');
    const pause = controls.getByRole('button', { name: 'Pause', exact: true });
    const play = controls.getByRole('button', { name: 'Play', exact: true });
    await pause.click();
    await page.waitForTimeout(500);
    expect(await source(page)).toContain('/long.wav');
    await play.click();
    await expect
      .poll(() => page.getByTestId('player-audio').evaluate((e: HTMLAudioElement) => e.paused))
      .toBe(false);

    // The transcode done: the next pause swaps to the copy, paused, where the play head was.
    media.finished = true;
    await pause.click();
    await expect.poll(() => source(page)).toContain('/long.webm');
    const paused = await page
      .getByTestId('player-audio')
      .evaluate((e: HTMLAudioElement) => ({ paused: e.paused, time: e.currentTime }));
    expect(paused.paused).toBe(true);
    expect(paused.time).toBeGreaterThan(895);
    expect(paused.time).toBeLessThan(930);
    // Play goes on from there within a second, from the copy.
    const sounding = soundPast(page, paused.time - 1);
    await play.click();
    const { ms, at } = await sounding;
    expect(at).toBeGreaterThan(paused.time - 1);
    expect(ms, `sound ${Math.round(ms)} ms after Play`).toBeLessThan(1_000);
    expect(await source(page)).toContain('/long.webm');
  });
});
