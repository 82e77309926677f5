import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKikoeruInstallation, type KikoeruFiles } from '../../../src/tools/kikoeru-installation.js';

const MAIN = resolve(import.meta.dirname, '../../../dist/main.js');
const run = promisify(execFile);

/** `sasayaki import-kikoeru` as a person runs it: the built command, its output and its exit code. */
describe('the import-kikoeru command', () => {
  let dir: string;
  let kikoeru: KikoeruFiles;
  let env: NodeJS.ProcessEnv;
  const sasayaki = (...args: string[]) =>
    run(process.execPath, [MAIN, 'import-kikoeru', ...args], { env }).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (npx tsc -b)`);
    dir = mkdtempSync(join(tmpdir(), 'sasayaki-import-cli-'));
    mkdirSync(join(dir, 'kikoeru'));
    mkdirSync(join(dir, 'library'));
    kikoeru = createKikoeruInstallation(join(dir, 'kikoeru'), {
      works: [{ id: 123456, title: 'A work', circle: { id: 1, name: 'A circle' }, vas: ['Someone'] }],
      users: [{ name: 'listener1', password: 'old-password-1' }],
      reviews: [{ user: 'listener1', work: 123456, rating: 4 }],
    });
    env = {
      PATH: process.env.PATH,
      SASAYAKI_DATA: join(dir, 'data'),
      SASAYAKI_LIBRARY: join(dir, 'library'),
      SASAYAKI_ADMIN_PASSWORD: 'admin-password',
      SASAYAKI_DLSITE: 'false',
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says what is wrong with a file that is not a kikoeru database, and exits 1', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database at all, just words\n'.repeat(100));
    const result = await sasayaki('--db', notes);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${notes} is not an SQLite database`);
    expect(result.stderr).toContain('Nothing was imported.');
  });

  it('explains its usage when --db is missing (exit 2)', async () => {
    const result = await sasayaki('--config', kikoeru.config);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--db is required/);
  });

  it('prints a summary, or the report as JSON, and never the secret', async () => {
    const dry = await sasayaki('--db', kikoeru.db, '--config', kikoeru.config, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Dry run: nothing was written/);
    expect(dry.stdout).toMatch(/users +1 added/);
    const real = await sasayaki('--db', kikoeru.db, '--config', kikoeru.config, '--json');
    expect(real.code).toBe(0);
    expect(JSON.parse(real.stdout)).toMatchObject({
      users: { added: 1 },
      reviews: { added: 1 },
      passwords: 'kept',
    });
    for (const output of [dry.stdout, dry.stderr, real.stdout, real.stderr])
      expect(output).not.toContain(kikoeru.secret);
  });
});
