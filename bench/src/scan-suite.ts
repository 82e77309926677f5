import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Config } from '@sasayaki/server/config/config.js';
import { openDatabase } from '@sasayaki/server/db/connection.js';
import type { Database } from '@sasayaki/server/db/schema.js';
import type { Kysely } from 'kysely';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import { SERVER_MAIN, type ServerEnv, serverEnv, serverNodeArgs } from './server-process.js';

interface ScanRun {
  ms: number;
  exitCode: number | null;
  output: string;
  /** The scan process's peak resident memory (VmHWM), MB. */
  peakMb: number | null;
  /** Works committed (added + updated) over time, sampled while the scan ran. */
  progress: Array<{ ms: number; works: number }>;
  /** The machine's one-minute load average when the scan started and when it ended: other work inflates figures. */
  load: { start: number; end: number };
}

const oneMinuteLoad = () => Math.round((loadavg()[0] ?? 0) * 10) / 10;

/** How often the running scan's progress and memory are sampled. */
const SAMPLE_MS = 500;

/** Peak resident memory of a process in MB (Linux's high-water mark), or null once it has exited. */
function peakMegabytes(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** Works the newest scan has committed so far, from its row's counts (written with its heartbeat). */
async function committedWorks(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('scans').select('counts').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return 0;
  const counts = JSON.parse(row.counts) as { added?: number; updated?: number };
  return (counts.added ?? 0) + (counts.updated ?? 0);
}

/**
 * Runs `main.js scan` as its own process, as an administrator would, and times it to exit; meanwhile
 * samples its progress (a separate connection reading one row) and its memory.
 */
async function scanOnce(settings: ServerEnv, config: Config): Promise<ScanRun> {
  const { db, close } = await openDatabase(config.database);
  try {
    return await new Promise((resolve, reject) => {
      const startedAt = performance.now();
      const loadAtStart = oneMinuteLoad();
      const child = spawn(process.execPath, [...serverNodeArgs(), SERVER_MAIN, 'scan'], {
        env: serverEnv(settings),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let peakMb: number | null = null;
      const progress: ScanRun['progress'] = [];
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      const sample = setInterval(() => {
        if (child.pid !== undefined) peakMb = peakMegabytes(child.pid) ?? peakMb;
        const ms = performance.now() - startedAt;
        committedWorks(db).then(
          (works) => progress.push({ ms, works }),
          () => {}, // the scans table may not exist before the child's migrations ran
        );
      }, SAMPLE_MS);
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('exit', (exitCode) => {
        clearInterval(sample);
        const ms = performance.now() - startedAt;
        // The last tenth ends with the scan: its final counts are written as it finishes.
        const done = (works: number | null) => {
          if (works !== null) progress.push({ ms, works });
          resolve({
            ms,
            exitCode,
            output,
            peakMb,
            progress,
            load: { start: loadAtStart, end: oneMinuteLoad() },
          });
        };
        committedWorks(db).then(done, () => done(null));
      });
    });
  } finally {
    await close();
  }
}

/**
 * Works per second in each tenth of the scan (from the first sample at or past k/10 of the works to the
 * first at or past (k+1)/10): flat figures mean a work costs the same early and late.
 */
export function ratesByTenth(progress: ScanRun['progress'], works: number): number[] {
  const reached = (count: number) => progress.find((sample) => sample.works >= count);
  const rates: number[] = [];
  for (let tenth = 0; tenth < 10; tenth++) {
    const from = tenth === 0 ? { ms: 0, works: 0 } : reached((works * tenth) / 10);
    const to = reached((works * (tenth + 1)) / 10);
    if (!from || !to || to.ms <= from.ms) break;
    rates.push(Math.round(((to.works - from.works) * 1000) / (to.ms - from.ms)));
  }
  return rates;
}

async function presentWorks(config: Config): Promise<number> {
  const { db, close } = await openDatabase(config.database);
  try {
    const row = await db
      .selectFrom('works')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('missing', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await close();
  }
}

function loadNote(run: ScanRun): string {
  return `load ${run.load.start} → ${run.load.end}`;
}

function failure(run: ScanRun): string {
  const unknown = /Unknown command "scan"/.test(run.output);
  return unknown
    ? 'scan command not available'
    : `exit ${run.exitCode}: ${run.output.trim().split('\n').at(-1)}`;
}

/**
 * A first scan of `works` new work folders into an empty database, then a rescan with nothing changed.
 * Budgets are 2 minutes per 10,000 works for the scan and 6 seconds per 10,000 for the rescan (issue 15:
 * 100,000 works in 20 minutes, their rescan in 60 s), scaled to the library's size.
 */
export async function runScanSuite(
  settings: ServerEnv,
  config: Config,
  database: DatabaseKind,
  works: number,
): Promise<Measurement[]> {
  const scale = works / 10_000;
  const first = await scanOnce(settings, config);
  const indexed = first.exitCode === 0 ? await presentWorks(config) : 0;
  const results = [
    judge(
      `scan ${works.toLocaleString('en-US')} new works`,
      database,
      {
        ms: first.ms,
        errors: first.exitCode === 0 && indexed === works ? 0 : 1,
        note: `${first.exitCode === 0 ? `${indexed} works indexed` : failure(first)}; ${loadNote(first)}`,
      },
      { figure: 'ms', limit: 120_000 * scale },
    ),
  ];
  const tenths = ratesByTenth(first.progress, works);
  results.push(
    judge(
      'scan: peak memory of the scan process',
      database,
      {
        rssMb: first.peakMb ?? Number.NaN,
        note: `works/s by tenths: ${tenths.join(', ') || 'not sampled'}; ${loadNote(first)}`,
      },
      { figure: 'rssMb', limit: 250 },
    ),
  );
  console.log(`  scan: ${(first.ms / 1000).toFixed(1)} s (${results[0]?.note})`);
  console.log(`  scan: peak ${first.peakMb?.toFixed(0)} MB; works/s by tenths: ${tenths.join(', ')}`);
  if (first.exitCode !== 0) return results;
  const again = await scanOnce(settings, config);
  results.push(
    judge(
      'rescan, nothing changed',
      database,
      {
        ms: again.ms,
        errors: again.exitCode === 0 ? 0 : 1,
        note: again.exitCode === 0 ? loadNote(again) : failure(again),
      },
      // 10 s for 10,000 works (the first budget) and 60 s for 100,000 (issue 15 item 7): the stricter, 6 s per 10,000.
      { figure: 'ms', limit: 6_000 * scale },
    ),
  );
  console.log(`  rescan: ${(again.ms / 1000).toFixed(1)} s (${loadNote(again)})`);
  return results;
}
