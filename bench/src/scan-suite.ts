import { spawn } from 'node:child_process';
import type { Config } from '@sasayaki/server/config/config.js';
import { openDatabase } from '@sasayaki/server/db/connection.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import { SERVER_MAIN, type ServerEnv, serverEnv } from './server-process.js';

interface ScanRun {
  ms: number;
  exitCode: number | null;
  output: string;
}

/** Runs `main.js scan` as its own process, as an administrator would, and times it to exit. */
function scanOnce(settings: ServerEnv): Promise<ScanRun> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, [SERVER_MAIN, 'scan'], {
      env: serverEnv(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ ms: performance.now() - startedAt, exitCode, output }));
  });
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

function failure(run: ScanRun): string {
  const unknown = /Unknown command "scan"/.test(run.output);
  return unknown
    ? 'scan command not available'
    : `exit ${run.exitCode}: ${run.output.trim().split('\n').at(-1)}`;
}

/**
 * A first scan of `works` new work folders into an empty database, then a rescan with nothing changed.
 * Budgets are the for 10,000 works (2 minutes, 10 seconds), scaled to the library's size.
 */
export async function runScanSuite(
  settings: ServerEnv,
  config: Config,
  database: DatabaseKind,
  works: number,
): Promise<Measurement[]> {
  const scale = works / 10_000;
  const first = await scanOnce(settings);
  const indexed = first.exitCode === 0 ? await presentWorks(config) : 0;
  const results = [
    judge(
      `scan ${works.toLocaleString('en-US')} new works`,
      database,
      {
        ms: first.ms,
        errors: first.exitCode === 0 && indexed === works ? 0 : 1,
        note: first.exitCode === 0 ? `${indexed} works indexed` : failure(first),
      },
      { figure: 'ms', limit: 120_000 * scale },
    ),
  ];
  console.log(`  scan: ${(first.ms / 1000).toFixed(1)} s (${results[0]?.note})`);
  if (first.exitCode !== 0) return results;
  const again = await scanOnce(settings);
  results.push(
    judge(
      'rescan, nothing changed',
      database,
      {
        ms: again.ms,
        errors: again.exitCode === 0 ? 0 : 1,
        ...(again.exitCode === 0 ? {} : { note: failure(again) }),
      },
      { figure: 'ms', limit: 10_000 * scale },
    ),
  );
  console.log(`  rescan: ${(again.ms / 1000).toFixed(1)} s`);
  return results;
}
