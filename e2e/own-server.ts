import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS } from './env';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/server/dist/main.js');
const WEB_DIR = process.env.E2E_WEB_DIR ?? join(ROOT, 'apps/web/dist');

/** A silent mono WAV of `seconds`: a track the scanner reads without ffprobe. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * 2 * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** Writes a library folder of works, each `RJ<id> <title>/01 track.wav`; returns its path. */
export async function writeLibrary(path: string, works: Record<number, string>): Promise<string> {
  for (const [id, title] of Object.entries(works)) {
    const folder = join(path, `RJ${id} ${title}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, '01 track.wav'), silentWav(1));
  }
  return path;
}

export interface OwnServer {
  baseURL: string;
  /** A folder outside the server's data folder, for libraries the test writes. */
  base: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A server of the test's own (the built one, as the global setup's) on a fresh data folder, for tests that
 * change what every other test relies on: the guest switch, the library folders. Its settings come from
 * `<data>/config.json` (`config`), never from the environment, so the Settings page may change them all.
 * Resolves once the start-up scan of its library has finished.
 */
export async function startOwnServer(
  port: number,
  config: (base: string) => Promise<object>,
): Promise<OwnServer> {
  const base = await mkdtemp(join(tmpdir(), 'sasayaki-e2e-own-'));
  const data = join(base, 'data');
  await mkdir(data);
  await writeFile(join(data, 'config.json'), JSON.stringify(await config(base)));
  const log = createWriteStream(join(base, 'server.log'));
  const server: ChildProcess = spawn(process.execPath, [SERVER, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SASAYAKI_DATA: data,
      SASAYAKI_WEB_DIR: WEB_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      SASAYAKI_ADMIN_PASSWORD: ACCOUNTS.admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    log.end();
    await rm(base, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`own e2e server exited with ${server.exitCode}`);
    }
    const token = await fetch(`${baseURL}/api/auth/me`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ACCOUNTS.admin),
    })
      .then(async (response) => (response.ok ? ((await response.json()) as { token: string }).token : null))
      .catch(() => null);
    const scan = token
      ? await fetch(`${baseURL}/api/scan`, { headers: { Authorization: `Bearer ${token}` } })
          .then((response) => response.json() as Promise<{ running: boolean; finishedAt: string | null }>)
          .catch(() => null)
      : null;
    if (scan && !scan.running && scan.finishedAt) return { baseURL, base, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('own e2e server: no finished start-up scan within 2 minutes');
    }
    await sleep(250);
  }
}
