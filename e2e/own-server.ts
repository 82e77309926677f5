import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type E2eServer, startE2eServer } from './e2e-server';

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

export interface OwnServer extends E2eServer {
  /** A folder outside the server's data folder, for libraries the test writes. */
  base: string;
}

/**
 * A server of the test's own (the built one, as the global setup's) on a fresh data folder, for tests that
 * change what every other test relies on: the guest switch, the library folders. Its settings come from
 * `<data>/config.json` (`config`), never from the environment, so the Settings page may change them all.
 * Resolves once the start-up scan of its library has finished; `stop` also deletes its folders.
 */
export async function startOwnServer(
  port: number,
  config: (base: string) => Promise<object>,
): Promise<OwnServer> {
  const base = await mkdtemp(join(tmpdir(), 'sasayaki-e2e-own-'));
  const removeBase = () => rm(base, { recursive: true, force: true });
  try {
    const data = join(base, 'data');
    await mkdir(data);
    await writeFile(join(data, 'config.json'), JSON.stringify(await config(base)));
    const server = await startE2eServer({
      port,
      data,
      logFile: join(base, 'server.log'),
      timeoutMs: 120_000,
    });
    return {
      baseURL: server.baseURL,
      base,
      async stop() {
        await server.stop();
        await removeBase();
      },
    };
  } catch (error) {
    await removeBase();
    throw error;
  }
}
