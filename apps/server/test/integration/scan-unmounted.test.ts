import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSlowLibrary } from '../helpers/server-process.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** A library folder that is a mount point: unmounted, it is an empty folder where works were. */
describe.each(DATABASE_KINDS)('an unmounted library folder on %s', (kind) => {
  let base: string;
  let root: string;
  let server: TestServer;
  const missing = async () =>
    (await server.ctx.database.db.selectFrom('works').select(['id', 'missing']).orderBy('id').execute()).map(
      (work) => [work.id, work.missing],
    );

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-unmounted-'));
    const library = writeSlowLibrary(base, 2, 0);
    root = library.root;
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root, FFPROBE_PATH: library.ffprobePath });
    await server.ctx.scans.run('incremental');
  });
  afterEach(async () => {
    await server.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('hides the works of an empty library folder that had works, keeps their data, says so, and shows them again', async () => {
    const saved = join(base, 'saved');
    cpSync(root, saved, { recursive: true });
    for (const name of readdirSync(root)) rmSync(join(root, name), { recursive: true });
    const unmounted = await server.ctx.scans.run('incremental');
    expect(unmounted.counts.removed).toBe(2);
    expect(await missing()).toEqual([
      [300_001, 1],
      [300_002, 1],
    ]);
    expect(unmounted.errors).toContainEqual({
      path: root,
      message: 'Library folder is empty but had 2 works: not mounted? They are hidden until it is back',
      level: 'error',
    });
    cpSync(saved, root, { recursive: true });
    const mounted = await server.ctx.scans.run('incremental');
    expect(mounted.errors).toEqual([]);
    expect(await missing()).toEqual([
      [300_001, 0],
      [300_002, 0],
    ]);
  });

  it('a library folder that still has folders is not taken for unmounted: removed works go missing', async () => {
    rmSync(join(root, 'RJ300001 Work 1'), { recursive: true });
    const one = await server.ctx.scans.run('incremental');
    expect(one.counts.removed).toBe(1);
    expect(one.errors).toEqual([]);
    rmSync(join(root, 'RJ300002 Work 2'), { recursive: true });
    // Now empty, with one work left: hidden like the first, and the administrator is asked about the mount.
    const last = await server.ctx.scans.run('incremental');
    expect(last.counts.removed).toBe(1);
    expect(last.errors).toHaveLength(1);
  });
});
