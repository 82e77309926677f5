import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = resolve(import.meta.dirname, '../../dist/main.js');
const run = promisify(execFile);

/**
 * `sasayaki scan` on SQLite loads neither the HTTP server (fastify and the routes), nor undici (the
 * metadata client's 110 files, loaded at its first request) nor the PostgreSQL driver: a rescan with
 * nothing changed is mostly the process's fixed costs (bench/README.md, "Scan"). The packages are
 * CommonJS, so the ones loaded are in the module cache, which a preloaded script writes out at exit.
 */
describe('the scan command', () => {
  let dir: string;

  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (npx tsc -b)`);
    dir = mkdtempSync(join(tmpdir(), 'sasayaki-scan-modules-'));
    mkdirSync(join(dir, 'library', 'RJ300001 A work'), { recursive: true });
    writeFileSync(join(dir, 'library', 'RJ300001 A work', 'readme.txt'), 'hello');
    writeFileSync(
      join(dir, 'report-packages.cjs'),
      `process.on('exit', () => {
        const files = Object.keys(require('node:module')._cache);
        require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'packages.json'))}, JSON.stringify(files));
      });`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scans without loading the HTTP server, undici or the PostgreSQL driver', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--require', join(dir, 'report-packages.cjs'), MAIN, 'scan'],
      {
        env: {
          PATH: process.env.PATH,
          SASAYAKI_DATA: join(dir, 'data'),
          SASAYAKI_LIBRARY: join(dir, 'library'),
          SASAYAKI_ADMIN_PASSWORD: 'admin-password',
          SASAYAKI_DLSITE: 'false',
          SASAYAKI_WATCH: 'false',
          LOG_LEVEL: 'warn',
        },
      },
    );
    expect(stdout).toContain('Scan finished: 1 found, 1 added');
    const files = JSON.parse(readFileSync(join(dir, 'packages.json'), 'utf8')) as string[];
    const packages = new Set(files.map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]));
    for (const name of ['fastify', 'undici', 'pg']) expect(packages.has(name), name).toBe(false);
  });
});
