import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * A link inside a work to a folder that holds the work (`loop -> ..`, `top -> ../..`) is a loop even
 * though its target is a folder the walk has not entered yet: followed, it put every other work of the
 * library inside this one (seen on a real-shaped library: one work listed all 26 works' files).
 */
describe.each(DATABASE_KINDS)('a link from a work to a folder above it, on %s', (kind) => {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-link-loops-'));
  const root = join(base, 'library');
  const looping = join(root, 'circle', 'RJ400001 Looping');
  let server: TestServer;

  beforeAll(async () => {
    mkdirSync(looping, { recursive: true });
    writeFileSync(join(looping, 'own.wav'), wav(0.1));
    mkdirSync(join(looping, 'bonus'));
    writeFileSync(join(looping, 'bonus', 'extra.wav'), wav(0.1));
    symlinkSync('..', join(looping, 'loop'));
    symlinkSync('../../..', join(looping, 'bonus', 'top'));
    mkdirSync(join(root, 'RJ400002 Other'));
    writeFileSync(join(root, 'RJ400002 Other', 'other.wav'), wav(0.1));
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
    await server.ctx.scans.run('incremental');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('is not followed: the work holds its own files only, and the scan reports the loop', async () => {
    const files = await server.ctx.database.db
      .selectFrom('files')
      .select('path')
      .where('work_id', '=', 400_001)
      .orderBy('sort_index')
      .execute();
    expect(files.map((file) => file.path)).toEqual(['bonus/extra.wav', 'own.wav']);
    const other = await server.ctx.database.db
      .selectFrom('files')
      .select('path')
      .where('work_id', '=', 400_002)
      .execute();
    expect(other.map((file) => file.path)).toEqual(['other.wav']);
    const state = await server.ctx.scans.state();
    expect(state.counts.skipped).toBe(2);
  });
});
