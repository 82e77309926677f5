import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS } from './env';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
// E2E_WEB_DIR: a web build of its own, so two runs side by side each test the app they built.
export const WEB_DIR = process.env.E2E_WEB_DIR ?? join(ROOT, 'apps/web/dist');

export interface E2eServer {
  baseURL: string;
  /** Stops the server (SIGTERM, SIGKILL after 10 s) and closes its log. */
  stop(): Promise<void>;
}

export interface E2eServerOptions {
  port: number;
  /** Its SASAYAKI_DATA folder, which the caller made and deletes. */
  data: string;
  /** Where its standard output and error are written. */
  logFile: string;
  /** Settings beside the data folder, web folder, address and administrator password. */
  env?: Record<string, string>;
  /** How long the start and its first scan may take. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the BUILT server (it builds nothing: run `npm run build` first) on 127.0.0.1:`port` and resolves
 * once the administrator can log in and the start-up scan of its library has finished, so every test
 * sees the whole library. The global setup's shared server and the specs' own servers start here.
 */
export async function startE2eServer(options: E2eServerOptions): Promise<E2eServer> {
  const log = createWriteStream(options.logFile);
  const server: ChildProcess = spawn(process.execPath, [SERVER_ENTRY, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SASAYAKI_DATA: options.data,
      SASAYAKI_WEB_DIR: WEB_DIR,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SASAYAKI_ADMIN_PASSWORD: ACCOUNTS.admin.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${options.port}`;
  const running = () => server.exitCode === null && server.signalCode === null;
  const stop = async () => {
    if (running()) {
      const gone = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (running()) server.kill('SIGKILL');
    }
    log.end();
  };

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`e2e: the server on port ${options.port} exited; see ${options.logFile}`);
    }
    if (await startUpScanFinished(baseURL)) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `e2e: the server on port ${options.port} had no finished start-up scan within ${options.timeoutMs / 1000} s; see ${options.logFile}`,
      );
    }
    await sleep(250);
  }
}

/** True once the administrator logs in and GET /api/scan reports a finished scan; false until then. */
async function startUpScanFinished(baseURL: string): Promise<boolean> {
  try {
    const login = await fetch(`${baseURL}/api/auth/me`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ACCOUNTS.admin),
    });
    if (!login.ok) return false;
    const { token } = (await login.json()) as { token: string };
    const scan = await fetch(`${baseURL}/api/scan`, { headers: { Authorization: `Bearer ${token}` } });
    const state = (await scan.json()) as { running: boolean; finishedAt: string | null };
    return !state.running && Boolean(state.finishedAt);
  } catch {
    // Not listening yet.
    return false;
  }
}
