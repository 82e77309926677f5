#!/usr/bin/env node
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Logger } from 'pino';
import { runUserCommand, USER_USAGE, UsageError } from './cli/user-command.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { checkAuthExposure } from './config/exposure.js';
import { createContext } from './context.js';
import { AppError } from './errors.js';
import { chooseLogFormat, createLogger } from './logger.js';
import { METADATA_CHECK_MS } from './metadata/fetch-job.js';
import { tuneHeapForScanProcess } from './scanner/scan-process-heap.js';
import { gatherStartupFacts } from './startup/startup-facts.js';
import { announceStartup } from './startup/startup-summary.js';
import { prepareDataFolder } from './util/data-folder.js';

/** The command line: `sasayaki serve | scan | demo`. */
const USAGE = `Usage: sasayaki <command>

Commands:
  serve            start the server (default)
  scan [--full]    scan the library folders once and exit
  demo [--out DIR] generate the demo library into <data>/demo-library (or DIR) and exit
  user ...         manage accounts: list, add, passwd, rm (sasayaki user --help)
  import-kikoeru --db PATH [--config PATH] [--dry-run]
                   move in from kikoeru-express (sasayaki import-kikoeru --help)

Settings come from <data>/config.json and the environment (see docs/configuration.md).`;

/**
 * With no library configured, a generated demo library stands in, so a fresh install has something to
 * show; there registration is open unless configured otherwise, so visitors can try accounts.
 */
async function withLibrary(loaded: Config, logger: Logger): Promise<Config> {
  if (loaded.libraryDirs.length > 0) return loaded;
  // Made before the demo library is written into it, so that it is private (util/data-folder.ts).
  prepareDataFolder(loaded.dataDir, logger);
  // The generator (and sharp, which draws its covers) loads only when there is no library.
  const { ensureDemoLibrary } = await import('./demo/ensure-demo-library.js');
  const demo = await ensureDemoLibrary(loaded.dataDir, {
    ffmpegPath: loaded.ffmpegPath,
    log: (line) => logger.info(line),
  });
  return {
    ...loaded,
    libraryDirs: [demo],
    auth: { ...loaded.auth, registration: loaded.auth.registration ?? true },
  };
}

/** Readable lines at a terminal, JSON when the output goes to a file or a collector (SASAYAKI_LOG_FORMAT). */
function logFormat(config: Config) {
  return chooseLogFormat(config.logFormat, process.stdout.isTTY === true);
}

/** How long requests in flight may take to end when the server is asked to stop. */
const SHUTDOWN_GRACE_MS = 2_000;

async function serve(): Promise<void> {
  const loaded = loadConfig();
  const format = logFormat(loaded);
  const logger = createLogger(loaded.logLevel, undefined, format);
  checkAuthExposure(loaded, logger);
  const startedAt = performance.now();
  const config = await withLibrary(loaded, logger);
  const ctx = await createContext(config, logger);
  // Loaded by `serve` alone: the HTTP server and its routes are a large part of the modules, and
  // `sasayaki scan` (whose rescan's time is mostly fixed costs) and the other commands never use them.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(ctx);
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // A listener's stream stays open as long as the player keeps it: requests get a moment to end, then
    // every connection is cut, so the transcoder's ffmpeg processes and the database are always closed.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(cut);
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // A scan killed with its process (whose lease has ended) shows as abandoned from the first request on.
  await ctx.scans.abandonExpiredScan();
  // A library folder taken out of the configuration while the server was down: its works are hidden
  // before the first request; one configured again is scanned back (services/admin-settings/).
  await ctx.adminSettings.settleFoldersAtStart();
  await app.listen({ port: config.port, host: config.host });
  // One block says where to open it, who can reach it and how to get in (startup/README.md).
  const facts = await gatherStartupFacts({
    config,
    ctx,
    // Sockets only: a server listening on a pipe has a path here instead.
    bound: app.addresses().filter((address): address is AddressInfo => typeof address !== 'string'),
    interfaces: networkInterfaces(),
    demo: loaded.libraryDirs.length === 0,
    seconds: (performance.now() - startedAt) / 1000,
  });
  announceStartup(logger, format, facts, process.cwd());
  // Until a scan has finished once, each start scans the library in the background (later scans are
  // the administrator's); a scan still holding the lock, such as this server's killed previous life,
  // is waited out.
  // DLsite metadata of works never asked or due again: now, then hourly (and after every scan).
  ctx.metadataFetch.schedule(METADATA_CHECK_MS);
  if (config.scan.onStartup && config.libraryDirs.length > 0) {
    ctx.scans
      .startWhenFree('incremental')
      .catch((error: unknown) => logger.warn({ err: error }, 'start-up scan not started'));
  }
  // New and changed work folders are scanned within seconds (SASAYAKI_WATCH; docs/administration.md).
  ctx.libraryWatcher
    .start()
    .catch((error: unknown) => logger.warn({ err: error }, 'library watcher not started'));
  // The whole library, by default nightly (SASAYAKI_SCAN_SCHEDULE): what the watcher could not see; the
  // Settings page may move it while the server runs.
  ctx.scheduledScans.follow(config.scan.schedule);
}

/** `sasayaki scan [--full]`: one scan in the foreground; the exit code says whether it finished. */
async function scan(args: string[]): Promise<void> {
  // A batch process: a smaller heap between collections keeps the scan under its memory budget.
  tuneHeapForScanProcess();
  const loaded = loadConfig();
  const logger = createLogger(loaded.logLevel, undefined, logFormat(loaded));
  const config = await withLibrary(loaded, logger);
  const ctx = await createContext(config, logger);
  const stop = () => void ctx.scans.cancel().catch(() => {});
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const state = await ctx.scans.run(args.includes('--full') ? 'full' : 'incremental');
    for (const issue of state.errors)
      console.error(`${issue.level ?? 'error'}: ${issue.path}: ${issue.message}`);
    const { found, added, updated, removed, failed, skipped } = state.counts;
    console.log(
      `Scan ${state.status}: ${found} found, ${added} added, ${updated} updated, ${removed} removed, ${failed} failed, ${skipped} skipped`,
    );
    process.exitCode = state.status === 'finished' ? 0 : 1;
  } finally {
    await ctx.close();
  }
}

/** `sasayaki user …`: see cli/user-command.ts. */
async function user(args: string[]): Promise<void> {
  if (args.length === 0 || args.includes('--help')) {
    console.log(USER_USAGE);
    return;
  }
  const config = loadConfig();
  const ctx = await createContext(config, createLogger('warn', undefined, logFormat(config)));
  try {
    console.log(await runUserCommand(ctx, args));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof AppError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    await ctx.close();
  }
}

/** `sasayaki import-kikoeru …`: see import-kikoeru/import-kikoeru.ts. */
async function importKikoeruCommand(args: string[]): Promise<void> {
  const cli = await import('./cli/import-kikoeru-command.js');
  if (args.includes('--help')) {
    console.log(cli.IMPORT_KIKOERU_USAGE);
    return;
  }
  const { importDependencies, importKikoeru } = await import('./import-kikoeru/import-kikoeru.js');
  const { KikoeruSourceError } = await import('./import-kikoeru/kikoeru-database.js');
  let options: ReturnType<typeof cli.parseImportArgs>;
  try {
    options = cli.parseImportArgs(args);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const ctx = await createContext(config, createLogger('warn', undefined, logFormat(config)));
  try {
    const report = await importKikoeru(importDependencies(ctx), options);
    console.log(options.json ? JSON.stringify(report, null, 2) : cli.formatImportReport(report));
  } catch (error) {
    if (!(error instanceof KikoeruSourceError)) throw error;
    console.error(`${error.message}\nNothing was imported.`);
    process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  serve,
  scan,
  demo: async (args) => (await import('./demo/demo-command.js')).runDemoCommand(args, loadConfig()),
  user,
  'import-kikoeru': importKikoeruCommand,
};

async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...args] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    process.exit(2);
  }
  await run(args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
