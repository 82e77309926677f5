import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, E2E_BASE_URL, E2E_PORT } from './env';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/server/dist/main.js');
// E2E_WEB_DIR: a web build of its own, so two runs side by side each test the app they built.
const WEB_DIR = process.env.E2E_WEB_DIR ?? join(ROOT, 'apps/web/dist');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  throw new Error(`e2e: timed out waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
}

/**
 * Starts the BUILT server (it builds nothing: run `npm run build` first) on port 8920 with a fresh data
 * folder: the demo library is generated and scanned, accounts are on (admin / admin-password, guest /
 * guest), registration is open. Resolves once the first scan has finished; returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const [file, hint] of [
    [SERVER, 'npm run build'],
    [join(WEB_DIR, 'index.html'), 'npm run build -w @sasayaki/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing: run \`${hint}\` first.`);
  }
  const inUse = await fetch(`${E2E_BASE_URL}/api/health`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`e2e: port ${E2E_PORT} is already in use; stop that server or set E2E_PORT.`);

  const data = await mkdtemp(join(tmpdir(), 'sasayaki-e2e-'));
  const log = createWriteStream(join(data, 'server.log'));
  const server: ChildProcess = spawn(process.execPath, [SERVER, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SASAYAKI_DATA: data,
      SASAYAKI_WEB_DIR: WEB_DIR,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      SASAYAKI_AUTH: 'true',
      SASAYAKI_GUEST: 'true',
      SASAYAKI_REGISTRATION: 'true',
      SASAYAKI_ADMIN_PASSWORD: ACCOUNTS.admin.password,
      // Every test signs in from the same address; the guest's real limit is tested by the server's suite.
      SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '100000',
      SASAYAKI_LOGIN_FAILURES_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  let exited: string | null = null;
  server.on('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });

  const teardown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    log.end();
    if (!process.env.E2E_KEEP_DATA) await rm(data, { recursive: true, force: true });
    else console.log(`e2e: server data kept in ${data}`);
  };

  try {
    await waitFor('the server to answer /api/health', 120_000, async () => {
      if (exited) throw new Error(`server ${exited}; see ${join(data, 'server.log')}`);
      const response = await fetch(`${E2E_BASE_URL}/api/health`);
      return response.ok ? true : null;
    });
    const { token } = await waitFor('the admin login', 30_000, async () => {
      const response = await fetch(`${E2E_BASE_URL}/api/auth/me`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ACCOUNTS.admin),
      });
      return response.ok ? ((await response.json()) as { token: string }) : null;
    });
    await waitFor('the first scan of the demo library', 180_000, async () => {
      if (exited) throw new Error(`server ${exited}; see ${join(data, 'server.log')}`);
      const response = await fetch(`${E2E_BASE_URL}/api/scan`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const state = (await response.json()) as { running: boolean; finishedAt: string | null };
      return !state.running && state.finishedAt ? state : null;
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
