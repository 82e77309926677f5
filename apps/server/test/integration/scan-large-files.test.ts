import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const GiB = 1024 ** 3;

/** A sparse file: its size on paper, no blocks on disk, zeros when read. */
function sparse(path: string, size: number): void {
  writeFileSync(path, '');
  truncateSync(path, size);
}

/**
 * A work full of huge files that are not what their names say. A scan used to read a 5 GiB file with an
 * audio name whole, several times over (over 5 minutes); every read now has a budget, so the scan takes
 * seconds and reports what it could not use.
 */
describe.each(DATABASE_KINDS)('scanning huge files on %s', (kind) => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-large-'));
    const work = join(base, 'library', 'RJ400001');
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, '01 real.wav'), wav(0.5));
    sparse(join(work, '02 not audio.mp3'), 5 * GiB);
    sparse(join(work, 'disc image.iso'), 5 * GiB);
    sparse(join(work, 'cover.jpg'), 5 * GiB);
    sparse(join(work, 'workinfo.json'), 5 * GiB);
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: join(base, 'library') });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('reads each within its budget, and reports what it could not use', async () => {
    const started = performance.now();
    const scan = await server.ctx.scans.run('full');
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(scan.status).toBe('finished');
    const messages = scan.errors.map((error) => `${error.path}: ${error.message}`);
    expect(messages.find((line) => line.includes('02 not audio.mp3'))).toMatch(/Cannot read audio duration/);
    expect(messages.find((line) => line.includes('cover.jpg'))).toMatch(/larger than 64 MiB/);
    expect(messages.find((line) => line.includes('workinfo.json'))).toMatch(/larger than 1 MiB/);
    expect(messages.some((line) => line.includes('disc image.iso'))).toBe(false);
    const files = await server.ctx.database.db
      .selectFrom('files')
      .select(['path', 'duration'])
      .where('work_id', '=', 400001)
      .orderBy('sort_index')
      .execute();
    expect(files.find((file) => file.path === '01 real.wav')?.duration).toBeCloseTo(0.5, 1);
    expect(files.find((file) => file.path === '02 not audio.mp3')?.duration).toBeNull();
  }, 60_000);
});
