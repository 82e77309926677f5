import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { wav } from './hostile-library.js';

/** The built server (`npx tsc -b`): these suites run what production runs, as separate processes. */
const MAIN = resolve(import.meta.dirname, '../../dist/main.js');

/** A port nobody listens on right now (the kernel's choice, released again for the server to take). */
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });
}

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 45_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((wake) => setTimeout(wake, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}${lastError ? ` (last error: ${lastError})` : ''}`);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the server printed (its log), for the message of a failing test. */
  output(): string;
  /** `fetch` against the server, with the bearer token when given. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** SIGKILL: no shutdown, no last write; resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the orderly shutdown. */
  stop(): Promise<void>;
}

/**
 * Starts `node dist/main.js serve` on a free port with the given settings (SASAYAKI_DATA and the
 * database among them) and resolves once it answers /api/health.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // `npm test` builds before it tests; a lone vitest run needs the build done first.
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (npx tsc -b)`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    // DLsite off unless a test turns it on: tests never reach the network. No watcher and no nightly scan
    // either, unless asked: a scan the test did not start would meet the scans it does start (409).
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SASAYAKI_DLSITE: 'false',
      SASAYAKI_WATCH: 'false',
      SASAYAKI_SCAN_SCHEDULE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    request(path, init = {}) {
      const { token, headers, ...rest } = init;
      return fetch(`${url}${path}`, {
        ...rest,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers ?? {}) },
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await eventually('the server to answer', async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      return (await fetch(`${url}/api/health`).catch(() => null))?.ok ? true : undefined;
    });
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return server;
}

/**
 * A library whose scan takes a known time: `works` folders of one track each, in a format the audio
 * reader leaves to ffprobe, and an ffprobe (`ffprobePath`) that answers after `delayMs`. With one work
 * at a time (SASAYAKI_SCAN_CONCURRENCY=1), a scan lasts about works × delayMs, so a test can act
 * mid-scan without racing it.
 */
export function writeSlowLibrary(
  base: string,
  works: number,
  delayMs: number,
): { root: string; ffprobePath: string; ids: number[] } {
  const root = join(base, 'library');
  const ids: number[] = [];
  for (let index = 0; index < works; index++) {
    const id = 300_001 + index;
    ids.push(id);
    const folder = join(root, `RJ${id} Work ${index + 1}`);
    mkdirSync(folder, { recursive: true });
    // Not audio music-metadata can read: the reader asks ffprobe, whose answer is the slow step.
    writeFileSync(join(folder, 'track.mp3'), Buffer.alloc(256, 1));
    writeFileSync(join(folder, 'bonus.wav'), wav(0.05));
  }
  const ffprobePath = join(base, 'slow-ffprobe.sh');
  writeFileSync(
    ffprobePath,
    `#!/bin/sh\nsleep ${delayMs / 1000}\necho '{"format":{"duration":"60.5","bit_rate":"128000"}}'\n`,
  );
  chmodSync(ffprobePath, 0o755);
  return { root, ffprobePath, ids };
}
