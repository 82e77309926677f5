import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@sasayaki/server/config/config.js';
import { runAccountsSuite } from './accounts-suite.js';
import { createBenchDatabase } from './bench-database.js';
import { runCatalogueSuite } from './catalogue-suite.js';
import { runFolderNameSuite } from './folder-name-suite.js';
import { generateCatalogue } from './generate-catalogue.js';
import { generateLibrary } from './generate-library.js';
import { runImportSuite } from './import-suite.js';
import { runMetadataSuite } from './metadata-suite.js';
import { runPlayerSuite } from './player-suite.js';
import { runPlaylistSuite } from './playlist-suite.js';
import { runRecommenderSuite } from './recommender-suite.js';
import { type DatabaseKind, formatTable, judge, type Measurement, writeReport } from './report.js';
import { runScanSuite } from './scan-suite.js';
import { residentMegabytes, type ServerEnv, serverEnv, startServer } from './server-process.js';
import { insertStreamWork, runStreamSuite, writeStreamFile } from './stream-suite.js';
import { runWebSuite } from './web-suite.js';

/**
 * `npm run bench [-- --quick]`: the "Library server" and accounts budgets, on SQLite and (with TEST_POSTGRES_URL) on
 * PostgreSQL, then the web app's budgets once. `npm run bench -- --web` runs the web part alone. Everything
 * it makes lives in one temporary folder and in databases it drops afterwards.
 */
const quick = process.argv.includes('--quick');
/** Only the web app's budgets (web-suite.ts), written to results/latest-web.json. */
const webOnly = process.argv.includes('--web');
/** `--scan=N`: only the scan suite, on a generated library of N works, written to results/latest-scan.json. */
const scanOnly = scanOption(process.argv);
const CATALOGUE_WORKS = quick ? 10_000 : 100_000;
const SCAN_WORKS = scanOnly ?? (quick ? 2_000 : 10_000);
const LATENCY_SECONDS = quick ? 2 : 4;
/** `GET /api/works` alone and then alongside 20 logins/s: long enough for 100-200 logins. */
const LOGIN_SECONDS = quick ? 5 : 10;
const RESULTS_FILE = fileURLToPath(
  new URL(
    webOnly
      ? '../results/latest-web.json'
      : scanOnly
        ? '../results/latest-scan.json'
        : '../results/latest.json',
    import.meta.url,
  ),
);

/** The work count of `--scan=N` (1 to 1,000,000; `_` and `,` allowed as separators), or null without it. */
function scanOption(argv: readonly string[]): number | null {
  const option = argv.find((arg) => arg.startsWith('--scan='));
  if (option === undefined) return null;
  const works = Number(option.slice('--scan='.length).replace(/[_,]/g, ''));
  if (!Number.isInteger(works) || works < 1 || works > 1_000_000) {
    throw new Error(`--scan= takes a number of works from 1 to 1,000,000, not "${option}"`);
  }
  return works;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Catalogue API, accounts, memory, start-up and streaming against one server on a generated catalogue. */
async function catalogueRun(
  database: DatabaseKind,
  settings: ServerEnv,
  streamRoot: string,
): Promise<{ measurements: Measurement[]; insertSeconds: number }> {
  const config = loadConfig(serverEnv(settings));
  console.log(`[${database}] generating ${CATALOGUE_WORKS.toLocaleString('en-US')} works`);
  const facts = await generateCatalogue(config, {
    works: CATALOGUE_WORKS,
    seed: 42,
    rootDir: settings.libraryDir,
  });
  console.log(`[${database}] inserted in ${facts.insertSeconds.toFixed(1)} s`);
  await insertStreamWork(config, streamRoot);
  // The stream work's folder is a library folder too: files are served from configured folders only.
  const server = await startServer({
    ...settings,
    libraryDir: [settings.libraryDir, streamRoot].join(delimiter),
  });
  const measurements: Measurement[] = [];
  let peakRssMb = 0;
  const onPeakRss = (mb: number) => {
    peakRssMb = Math.max(peakRssMb, mb);
  };
  try {
    measurements.push(
      judge(
        'start-up to first 200 from /api/health',
        database,
        { ms: server.startupMs },
        { figure: 'ms', limit: 2000 },
      ),
    );
    await sleep(1000);
    const rssBudget = { figure: 'rssMb', limit: 250 } as const;
    measurements.push(
      judge('RSS at rest after start-up', database, { rssMb: residentMegabytes(server.pid) }, rssBudget),
    );
    measurements.push(
      ...(await runCatalogueSuite(server, { database, facts, seconds: LATENCY_SECONDS, onPeakRss })),
    );
    measurements.push(
      ...(await isolated(database, 'accounts', () =>
        runAccountsSuite(server, {
          database,
          facts,
          seconds: LATENCY_SECONDS,
          loginSeconds: LOGIN_SECONDS,
          onPeakRss,
        }),
      )),
    );
    measurements.push(
      ...(await isolated(database, 'playlists', () =>
        runPlaylistSuite(server, { database, facts, seconds: LATENCY_SECONDS, onPeakRss }),
      )),
    );
    measurements.push(
      ...(await isolated(database, 'recommender', () =>
        runRecommenderSuite(server, { database, facts, seconds: LATENCY_SECONDS, onPeakRss }),
      )),
    );
    measurements.push(...(await runStreamSuite(server, database, onPeakRss)));
    measurements.push(judge('RSS under load (peak of all loads)', database, { rssMb: peakRssMb }, rssBudget));
    await sleep(2000);
    measurements.push(
      judge('RSS at rest after the loads', database, { rssMb: residentMegabytes(server.pid) }, rssBudget),
    );
  } finally {
    await server.stop();
  }
  return { measurements, insertSeconds: facts.insertSeconds };
}

/** A part that throws becomes one failed row, so the other parts and databases still report. */
async function isolated(
  database: DatabaseKind,
  part: string,
  run: () => Promise<Measurement[]>,
): Promise<Measurement[]> {
  try {
    return await run();
  } catch (error) {
    console.error(`[${database}] ${part} failed:`, error);
    const note = (error as Error).message.split('\n')[0];
    return [judge(`${part} (did not complete)`, database, { errors: 1, note }, { figure: 'ms', limit: 0 })];
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const postgresUrl = process.env.TEST_POSTGRES_URL || undefined;
  const databases: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const tmp = mkdtempSync(join(tmpdir(), 'sasayaki-bench-'));
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  process.once('SIGINT', () => {
    removeTmp();
    process.exit(130);
  });
  const measurements: Measurement[] = [];
  const insertSeconds: Partial<Record<DatabaseKind, number>> = {};
  try {
    if (!webOnly) {
      // With no library folder `serve` would generate the demo library: the catalogue server gets an empty one.
      const emptyLibrary = join(tmp, 'empty-library');
      mkdirSync(emptyLibrary);
      const streamRoot = join(tmp, 'stream-library');
      if (!scanOnly) writeStreamFile(streamRoot);
      console.log(`generating a library of ${SCAN_WORKS.toLocaleString('en-US')} work folders to scan`);
      const scanLibrary = join(tmp, 'scan-library');
      await generateLibrary(scanLibrary, SCAN_WORKS, 1);
      for (const database of databases) {
        if (!scanOnly) {
          measurements.push(
            ...(await isolated(database, 'catalogue', async () => {
              const catalogueDb = await createBenchDatabase(
                database,
                `sasayaki_bench_${process.pid}_catalogue`,
                postgresUrl,
              );
              try {
                const settings = {
                  dataDir: join(tmp, `${database}-catalogue`),
                  libraryDir: emptyLibrary,
                  databaseUrl: catalogueDb.url,
                };
                const run = await catalogueRun(database, settings, streamRoot);
                insertSeconds[database] = run.insertSeconds;
                return run.measurements;
              } finally {
                await catalogueDb.drop();
              }
            })),
          );
        }
        measurements.push(
          ...(await isolated(database, 'scan', async () => {
            const scanDb = await createBenchDatabase(
              database,
              `sasayaki_bench_${process.pid}_scan`,
              postgresUrl,
            );
            try {
              console.log(`[${database}] scanning`);
              const settings = {
                dataDir: join(tmp, `${database}-scan`),
                libraryDir: scanLibrary,
                databaseUrl: scanDb.url,
              };
              return await runScanSuite(settings, loadConfig(serverEnv(settings)), database, SCAN_WORKS);
            } finally {
              await scanDb.drop();
            }
          })),
        );
        // `--scan=N` measures the scan alone.
        if (scanOnly) continue;
        measurements.push(
          ...(await isolated(database, 'DLsite metadata', async () => {
            const metadataDb = await createBenchDatabase(
              database,
              `sasayaki_bench_${process.pid}_metadata`,
              postgresUrl,
            );
            try {
              console.log(`[${database}] fetching DLsite metadata from the fixture server`);
              return await runMetadataSuite(
                {
                  dataDir: join(tmp, `${database}-metadata`),
                  libraryDir: join(tmp, `${database}-metadata-library`),
                  databaseUrl: metadataDb.url,
                },
                database,
              );
            } finally {
              await metadataDb.drop();
            }
          })),
        );
        measurements.push(
          ...(await isolated(database, 'kikoeru import', async () => {
            const importDb = await createBenchDatabase(
              database,
              `sasayaki_bench_${process.pid}_import`,
              postgresUrl,
            );
            try {
              console.log(`[${database}] importing a kikoeru database`);
              return await runImportSuite(database, {
                dataDir: join(tmp, `${database}-import`),
                databaseUrl: importDb.url,
              });
            } finally {
              await importDb.drop();
            }
          })),
        );
      }
    }
    // Once, not per database: parsing folder names (pure CPU), then the built web app on the demo library.
    if (!scanOnly) {
      if (!webOnly)
        measurements.push(...(await isolated('sqlite', 'folder names', async () => runFolderNameSuite())));
      measurements.push(...(await isolated('sqlite', 'web', () => runWebSuite(tmp))));
      measurements.push(...(await isolated('sqlite', 'player', () => runPlayerSuite(tmp))));
    }
  } finally {
    removeTmp();
  }
  report(startedAt, webOnly ? ['sqlite'] : databases, insertSeconds, measurements);
}

function report(
  startedAt: Date,
  databases: DatabaseKind[],
  insertSeconds: Partial<Record<DatabaseKind, number>>,
  measurements: Measurement[],
): void {
  console.log(`\n${formatTable(measurements)}`);
  writeReport(
    RESULTS_FILE,
    {
      mode: webOnly ? 'web' : scanOnly ? 'scan' : quick ? 'quick' : 'full',
      catalogueWorks: webOnly || scanOnly ? 0 : CATALOGUE_WORKS,
      scanWorks: webOnly ? 0 : SCAN_WORKS,
      databases,
      catalogueInsertSeconds: insertSeconds,
      startedAt: startedAt.toISOString(),
      totalSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    },
    measurements,
  );
  console.log(`\nwritten to ${RESULTS_FILE}`);
  const [load] = loadavg();
  if (load !== undefined && load > cpus().length) {
    console.log(
      `note: load average ${load.toFixed(1)} on ${cpus().length} cores: other work inflated these figures`,
    );
  }
  if (measurements.some((m) => !m.pass)) process.exitCode = 1;
}

await main();
