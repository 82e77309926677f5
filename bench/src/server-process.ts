import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverCommandLine } from '@sasayaki/server/startup/node-flags.js';

/** The server's command-line entry, built by the root `tsc -b`. */
export const SERVER_MAIN = fileURLToPath(import.meta.resolve('@sasayaki/server/main.js'));

/**
 * The first administrator's password for every server and scan this run starts, so the bench can log in
 * instead of reading the generated one from the data folder.
 */
const ADMIN_NAME = 'admin';
const ADMIN_PASSWORD = randomBytes(18).toString('base64url');

/** Settings shared by every server process the bench starts. */
export interface ServerEnv {
  dataDir: string;
  /** Always set: with no library folder `serve` would generate the demo library. */
  libraryDir: string;
  /** Unset for SQLite in the data folder. */
  databaseUrl?: string;
}

/**
 * BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: Node options for every server and
 * scan process the bench starts (a profile of the server under load, of a scan).
 */
export function serverNodeArgs(): string[] {
  return process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

export function serverEnv(settings: ServerEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SASAYAKI_DATA: settings.dataDir,
    SASAYAKI_LIBRARY: settings.libraryDir,
    DATABASE_URL: settings.databaseUrl ?? '',
    SASAYAKI_SCAN_ON_STARTUP: 'false',
    // The benchmarks never reach the network; the metadata suite points DLsite at its fixture server.
    SASAYAKI_DLSITE: 'false',
    // Measured servers do only what a request asks: no watcher over the generated library (one watch per
    // folder: 100,000 works), no nightly scan landing inside a run.
    SASAYAKI_WATCH: 'false',
    SASAYAKI_SCAN_SCHEDULE: 'off',
    SASAYAKI_ADMIN: ADMIN_NAME,
    SASAYAKI_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // Open registration, so the accounts suite signs up a listener as a visitor would.
    SASAYAKI_REGISTRATION: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** A free TCP port: the server cannot report the one it picked for PORT=0, so the bench picks it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux), so the figure is the server's alone. */
export function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startupMs: number;
  /** The bearer token requests carry: the administrator's, or a placeholder when accounts are off. */
  token: string;
  stop(): Promise<void>;
}

/**
 * Logs in as the administrator when accounts are on, so requests pay for token verification as a real
 * client's do; with accounts off any token is ignored and a placeholder is sent.
 */
async function tokenFor(url: string): Promise<string> {
  const me = await fetch(`${url}/api/auth/me`);
  const body = me.ok ? ((await me.json()) as { auth?: boolean }) : undefined;
  if (body?.auth === false) return 'bench-token';
  const login = await fetch(`${url}/api/auth/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: ADMIN_NAME, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Login as ${ADMIN_NAME} answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts `main.js serve` as its own process, with the Node options every start of the server gets
 * (server startup/node-flags.ts), so its memory is measured apart from autocannon's, and waits until it
 * answers health checks. Its stderr is kept to explain a failed start.
 */
export async function startServer(
  settings: ServerEnv,
  timeoutMs = 30_000,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, serverCommandLine(SERVER_MAIN, serverNodeArgs()), {
    env: serverEnv(settings, { ...extraEnv, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
  };
  while (performance.now() - startedAt < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}: ${stderr}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false, // Not listening yet.
    );
    if (healthy) {
      const startupMs = performance.now() - startedAt;
      return { url, pid: child.pid as number, startupMs, token: await tokenFor(url), stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await stop();
  throw new Error(`Server did not answer /api/health within ${timeoutMs} ms: ${stderr}`);
}
