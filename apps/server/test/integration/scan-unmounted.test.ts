import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, writeSlowLibrary } from '../helpers/server-process.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * A library folder that is a mount point (issue 15, "unavailable" works): unmounted, it is an empty folder
 * where works were, or no folder at all. Its works are hidden, never removed, named in a notice for
 * administrators, and back without being read again when the folder returns.
 */
describe.each(DATABASE_KINDS)('an unmounted library folder on %s', (kind) => {
  let base: string;
  let root: string;
  let server: TestServer;
  const works = async () =>
    (
      await server.ctx.database.db
        .selectFrom('works')
        .select(['id', 'missing', 'unavailable_since'])
        .orderBy('id')
        .execute()
    ).map((work) => [work.id, work.missing, work.unavailable_since === null ? 'listed' : 'unavailable']);
  const scanState = async () => (await server.app.inject({ method: 'GET', url: '/api/scan' })).json();
  // The works list, once the catalogue cache has seen the scan's end (it looks at most once a second).
  const listed = (count: number) =>
    eventually(
      `${count} works listed`,
      async () => {
        const response = await server.app.inject({ method: 'GET', url: '/api/works' });
        return response.json().pagination.totalCount === count ? count : undefined;
      },
      5000,
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

  it('an empty library folder that had works makes them unavailable, says which and how many, and they come back unread', async () => {
    // Unmounted: the works' folders move away (as they are, timestamps and all) and leave the folder empty.
    const saved = join(base, 'saved');
    mkdirSync(saved);
    const names = readdirSync(root);
    for (const name of names) renameSync(join(root, name), join(saved, name));
    const unmounted = await server.ctx.scans.run('incremental');
    // Hidden, not removed.
    expect(unmounted.counts.removed).toBe(0);
    expect(await works()).toEqual([
      [300_001, 1, 'unavailable'],
      [300_002, 1, 'unavailable'],
    ]);
    await listed(0);
    expect(unmounted.errors).toContainEqual({
      path: root,
      message:
        'Library folder is empty where works were: not mounted? Its 2 works are unavailable (hidden, never removed) until it is back',
      level: 'error',
    });
    expect((await scanState()).unavailableRoots).toEqual([
      { path: root, works: 2, since: expect.stringMatching(/^\d{4}-/) },
    ]);
    // Still not mounted at the next scan: still named, with the same count.
    const again = await server.ctx.scans.run('incremental');
    expect(again.errors.map((issue) => issue.message)).toEqual([
      'Library folder is empty where works were: not mounted? Its 2 works are unavailable (hidden, never removed) until it is back',
    ]);

    for (const name of names) renameSync(join(saved, name), join(root, name));
    const mounted = await server.ctx.scans.run('incremental');
    expect(mounted.errors).toEqual([]);
    // Back as they were: nothing read again, nothing removed.
    expect(mounted.counts).toMatchObject({ found: 2, added: 0, updated: 0, removed: 0, unchanged: 2 });
    expect(await works()).toEqual([
      [300_001, 0, 'listed'],
      [300_002, 0, 'listed'],
    ]);
    await listed(2);
    expect((await scanState()).unavailableRoots).toEqual([]);
  });

  it('a library folder that is gone makes its works unavailable; back, a work deleted meanwhile goes missing', async () => {
    const away = join(base, 'away');
    renameSync(root, away);
    const gone = await server.ctx.scans.run('incremental');
    expect(gone.counts.removed).toBe(0);
    expect(await works()).toEqual([
      [300_001, 1, 'unavailable'],
      [300_002, 1, 'unavailable'],
    ]);
    expect(gone.errors).toContainEqual(
      expect.objectContaining({
        path: root,
        message: expect.stringContaining('is missing or cannot be read: not mounted? Its 2 works'),
      }),
    );
    rmSync(join(away, 'RJ300002 Work 2'), { recursive: true });
    renameSync(away, root);
    const back = await server.ctx.scans.run('incremental');
    expect(back.counts).toMatchObject({ found: 1, unchanged: 1, removed: 1 });
    // The deleted one is missing like any work whose folder went: no longer "unavailable".
    expect(await works()).toEqual([
      [300_001, 0, 'listed'],
      [300_002, 1, 'listed'],
    ]);
    expect((await scanState()).unavailableRoots).toEqual([]);
  });

  it('a library folder that still has folders is mounted: removed works go missing, the last one leaves it empty', async () => {
    rmSync(join(root, 'RJ300001 Work 1'), { recursive: true });
    const one = await server.ctx.scans.run('incremental');
    expect(one.counts.removed).toBe(1);
    expect(one.errors).toEqual([]);
    rmSync(join(root, 'RJ300002 Work 2'), { recursive: true });
    // Now empty where a work was: taken for an unmounted mount point, its last work unavailable.
    const last = await server.ctx.scans.run('incremental');
    expect(last.counts.removed).toBe(0);
    expect(last.errors).toHaveLength(1);
    expect(await works()).toEqual([
      [300_001, 1, 'listed'],
      [300_002, 1, 'unavailable'],
    ]);
  });

  it('an empty library folder that never had works is just empty', async () => {
    const empty = join(base, 'empty');
    mkdirSync(empty);
    server.ctx.libraryRoots.replace([root, empty]);
    const scan = await server.ctx.scans.run('incremental');
    expect(scan.errors).toEqual([]);
    expect((await scanState()).unavailableRoots).toEqual([]);
  });
});
