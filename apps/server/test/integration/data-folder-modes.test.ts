import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { type AppContext, createContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A context on a data folder that does not exist yet, as on a first start; the log is captured. */
async function contextOn(dataDir: string, log: string[]): Promise<AppContext> {
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const config = loadConfig({
    SASAYAKI_DATA: dataDir,
    SASAYAKI_SCAN_ON_STARTUP: 'false',
    SASAYAKI_ADMIN_PASSWORD: 'admin-password',
    FFMPEG_PATH: '/nonexistent/ffmpeg',
  });
  return createContext(config, createLogger('info', out));
}

/** Finding 13 of the audit: under umask 022 the database (password hashes, history) was world-readable. */
describe('the data folder and the files holding secrets are the server user’s only', () => {
  const root = mkdtempSync(join(tmpdir(), 'sasayaki-modes-'));
  // The test only proves something when files are created readable by others by default.
  const umask = process.umask(0o022);
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  describe('on a first start', () => {
    const dataDir = join(root, 'fresh', 'data');
    const log: string[] = [];
    let ctx: AppContext;
    beforeAll(async () => {
      ctx = await contextOn(dataDir, log);
      // A write, so SQLite's -wal and -shm files exist.
      await ctx.settings.set('modes-test', '1');
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('creates the data folder 0700', () => {
      expect(modeOf(dataDir)).toBe(0o700);
    });

    it('creates the database and its -wal and -shm files 0600', () => {
      for (const suffix of ['', '-wal', '-shm'])
        expect(modeOf(join(dataDir, `sasayaki.sqlite${suffix}`))).toBe(0o600);
    });

    it('keeps the signing key 0600 in a 0700 folder', () => {
      expect(modeOf(join(dataDir, 'secrets'))).toBe(0o700);
      expect(modeOf(join(dataDir, 'secrets', 'token.key'))).toBe(0o600);
    });

    it('says nothing about the folder it made itself', () => {
      expect(log.join('')).not.toContain('data folder');
    });
  });

  describe('on an older install', () => {
    const dataDir = join(root, 'old');
    const log: string[] = [];
    let ctx: AppContext;
    beforeAll(async () => {
      mkdirSync(dataDir, { mode: 0o755 });
      chmodSync(dataDir, 0o755);
      for (const suffix of ['', '-wal', '-shm']) {
        writeFileSync(join(dataDir, `sasayaki.sqlite${suffix}`), '');
        chmodSync(join(dataDir, `sasayaki.sqlite${suffix}`), 0o644);
      }
      ctx = await contextOn(dataDir, log);
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('makes the database files it finds 0600', () => {
      for (const suffix of ['', '-wal', '-shm'])
        expect(modeOf(join(dataDir, `sasayaki.sqlite${suffix}`))).toBe(0o600);
    });

    it('leaves the mode of a data folder it did not make, and warns that others can read it', () => {
      expect(modeOf(dataDir)).toBe(0o755);
      const warning = log.map((line) => JSON.parse(line)).find((entry) => entry.msg.includes('data folder'));
      expect(warning).toMatchObject({ level: 40, dataDir, mode: '755' });
    });
  });
});
