import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@sasayaki/server/config/config.js';
import { openDatabase } from '@sasayaki/server/db/connection.js';
import { type LoadStats, loadTest } from './measure.js';
import { pacedLoad } from './paced-load.js';
import { Random } from './random.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import type { RunningServer } from './server-process.js';

/** A work id no generated catalogue uses (catalogue ids stay below 1,000,000 + 13 x works). */
const STREAM_WORK_ID = 99_000_000;
const STREAM_FILE_ID = 0;
const FILE_NAME = 'stream.wav';
const FILE_BYTES = 200 * 1024 * 1024;
const RANGE_BYTES = 256 * 1024;
const CLIENTS = 100;

/**
 * Writes the 200 MB file once (incompressible bytes, so nothing downstream can shortcut it) into a work
 * folder under `libraryRoot`; the same file serves every database's run.
 */
export function writeStreamFile(libraryRoot: string): string {
  const dir = join(libraryRoot, 'RJ99000000 stream');
  mkdirSync(dir, { recursive: true });
  const block = randomBytes(1024 * 1024);
  const fd = openSync(join(dir, FILE_NAME), 'w');
  try {
    for (let written = 0; written < FILE_BYTES; written += block.length) writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
  return dir;
}

/** Indexes the large file as one work with one audio file, as a scan of its folder would. */
export async function insertStreamWork(config: Config, libraryRoot: string): Promise<void> {
  const { db, close } = await openDatabase(config.database);
  try {
    await db
      .insertInto('works')
      .values({
        id: STREAM_WORK_ID,
        title: 'stream',
        circle_id: null,
        release: null,
        create_date: '2020-01-01T00:00:00.000Z',
        price: null,
        dl_count: null,
        nsfw: 0,
        age: 'general',
        has_subtitle: 0,
        rate_average_2dp: null,
        rate_count: null,
        rate_count_detail: null,
        review_count: null,
        duration: 1189,
        root_dir: libraryRoot,
        dir: 'RJ99000000 stream',
        dir_raw: null,
        content_signature: null,
        metadata_source: 'folder',
        cover_key: null,
        cover_source: null,
        search_text: 'stream rj99000000',
        missing: 0,
        scanned_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('files')
      .values({
        work_id: STREAM_WORK_ID,
        file_id: STREAM_FILE_ID,
        path: FILE_NAME,
        path_raw: null,
        type: 'audio',
        size: FILE_BYTES,
        mtime_ms: Date.now(),
        duration: 1189,
        bitrate: 1_411_200,
        subtitle_file_id: null,
        sort_index: 0,
      })
      .execute();
  } finally {
    await close();
  }
}

/** Each client's pace in the budgeted run: a player buffering ahead, range after range. */
const RANGES_PER_CLIENT_PER_SECOND = 4;

/**
 * 100 clients reading 256 KiB ranges at random offsets of the file, in two runs.
 *
 * The budget is on time to first byte (request written to response headers parsed) for 100 listeners:
 * each client fetches a range four times a second, 100 MB/s in all, six times what 100 listeners of
 * CD-quality WAV (176 KB/s each) need. Clients that ask again the moment an answer ends keep the server
 * saturated, so their time to first byte only measures the queue (100 clients / requests a second); that
 * second run reports how much the server can stream, held to no errors and a floor.
 */
export async function runStreamSuite(
  server: RunningServer,
  database: DatabaseKind,
  onPeakRss: (mb: number) => void,
): Promise<Measurement[]> {
  const random = new Random(11);
  const range = () => {
    const start = random.int(0, FILE_BYTES - RANGE_BYTES);
    return { range: `bytes=${start}-${start + RANGE_BYTES - 1}` };
  };
  const options = {
    url: server.url,
    token: server.token,
    connections: CLIENTS,
    path: `/api/media/stream/${STREAM_WORK_ID}/${STREAM_FILE_ID}`,
    headers: range,
    serverPid: server.pid,
  };
  const summary = (stats: LoadStats) => {
    if (stats.peakRssMb !== undefined) onPeakRss(stats.peakRssMb);
    const mbPerSec = (stats.requestsPerSec * RANGE_BYTES) / 1024 / 1024;
    return {
      requestsPerSec: stats.requestsPerSec,
      p50Ms: stats.ttfbP50Ms,
      p99Ms: stats.ttfbP99Ms,
      errors: stats.errors + stats.non2xx,
      note: `whole response p50 ${stats.p50Ms.toFixed(1)} / p99 ${stats.p99Ms.toFixed(1)} ms, ${mbPerSec.toFixed(0)} MB/s`,
    };
  };
  const pacedOptions = {
    url: server.url,
    token: server.token,
    path: options.path,
    ranges: { fileBytes: FILE_BYTES, rangeBytes: RANGE_BYTES, seed: 12 },
    clients: CLIENTS,
    perClientPerSecond: RANGES_PER_CLIENT_PER_SECOND,
    serverPid: server.pid,
  };
  // A longer warm-up than elsewhere: the media path is still cold (unoptimised) when this suite starts.
  const paced = summary(await pacedLoad({ ...pacedOptions, warmUpSeconds: 3, seconds: 5 }));
  console.log(`  stream, paced: TTFB p99 ${paced.p99Ms.toFixed(2)} ms (${paced.note})`);
  await loadTest({ ...options, seconds: 1 });
  const flat = summary(await loadTest({ ...options, seconds: 5 }));
  console.log(`  stream, flat out: ${flat.requestsPerSec.toFixed(0)} req/s (${flat.note})`);
  return [
    judge(
      `stream 256 KiB ranges, ${CLIENTS} clients × ${RANGES_PER_CLIENT_PER_SECOND}/s, time to first byte`,
      database,
      paced,
      { figure: 'p99Ms', limit: 20 },
    ),
    judge(
      `stream 256 KiB ranges, ${CLIENTS} clients flat out (p50/p99: time to first byte)`,
      database,
      flat,
      {
        figure: 'requestsPerSec',
        limit: 200,
        atLeast: true,
        orEqual: true,
        text: 'no errors, ≥ 200 req/s',
      },
    ),
  ];
}
