import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanRepository } from '../../src/repositories/scan.repository.js';
import type { ScanScope } from '../../src/scanner/discover-folders.js';
import { TARGETED_SCAN_MODE } from '../../src/services/scan.service.js';
import { writeSlowLibrary } from '../helpers/server-process.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** Polls until `check` holds or `ms` passed; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`not within ${ms} ms`);
}

/**
 * The library watcher on a real folder: what is copied in or removed is scanned by one targeted scan
 * (recorded with the mode `watch`) of the folders concerned, within seconds. Each ffprobe answer takes
 * 100 ms, so a full scan of the library lasts long enough to copy a work in meanwhile.
 */
describe.each(DATABASE_KINDS)('library watcher on %s', (kind) => {
  let base: string;
  let root: string;
  let source: string;
  let server: TestServer;
  let targetedScans: ScanScope[];

  const work = (id: number) =>
    server.ctx.database.db
      .selectFrom('works')
      .select(['id', 'missing', 'unavailable_since'])
      .where('id', '=', id)
      .executeTakeFirst();

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-watch-'));
    const library = writeSlowLibrary(base, 3, 100);
    root = library.root;
    // Works to copy in, made outside the library.
    source = writeSlowLibrary(join(base, 'source'), 3, 100).root;
    server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: root,
      FFPROBE_PATH: library.ffprobePath,
      SASAYAKI_WATCH_DEBOUNCE_MS: '500',
      // How often the library folders themselves are looked at (a mount that went or came back).
      SASAYAKI_WATCH_POLL_MS: '500',
    });
    await server.ctx.scans.run('incremental');
    targetedScans = [];
    const startTargeted = server.ctx.scans.startTargeted.bind(server.ctx.scans);
    vi.spyOn(server.ctx.scans, 'startTargeted').mockImplementation((scope) => {
      targetedScans.push(scope);
      return startTargeted(scope);
    });
    await server.ctx.libraryWatcher.start();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('a work copied into the library is in the catalogue within 5 s, by a scan of that folder only', async () => {
    // The source library's works are numbered like the library's: rename the copy to a new code.
    cpSync(join(source, 'RJ300001 Work 1'), join(root, 'RJ400001 Copied'), { recursive: true });
    await within(5000, async () => (await work(400_001))?.missing === 0);
    await server.ctx.scans.waitForLocalScan();
    const state = await server.ctx.scans.state();
    expect(state.status).toBe('finished');
    expect(state.counts).toMatchObject({ found: 1, added: 1, removed: 0 });
    const row = await server.ctx.database.db
      .selectFrom('scans')
      .select('mode')
      .where('id', '=', state.id as number)
      .executeTakeFirstOrThrow();
    expect(row.mode).toBe(TARGETED_SCAN_MODE);
  });

  it('a burst of 10,000 files in three new works is one scan of those three folders', async () => {
    for (const [index, name] of ['RJ400011 A', 'RJ400012 B', 'RJ400013 C'].entries()) {
      cpSync(join(source, `RJ30000${index + 1} Work ${index + 1}`), join(root, name), { recursive: true });
      const notes = join(root, name, 'notes');
      mkdirSync(notes);
      for (let file = 0; file < 3334; file++) writeFileSync(join(notes, `${file}.txt`), 'x');
    }
    for (const id of [400_011, 400_012, 400_013]) {
      await within(30_000, async () => (await work(id))?.missing === 0);
    }
    await server.ctx.scans.waitForLocalScan();
    expect(targetedScans).toHaveLength(1);
    expect([...(targetedScans[0]?.get(root) ?? [])].sort()).toEqual([
      'RJ400011 A',
      'RJ400012 B',
      'RJ400013 C',
    ]);
    // Writing 10,000 files on a loaded machine takes a while: the waits above, not the default 30 s, bound it.
  }, 120_000);

  it('does not follow symbolic links: a folder linked from outside the library is not watched', async () => {
    // A link out of the library (and a loop, `loop -> ..`, which chokidar followed 40 levels deep,
    // watching the library again at each level) is skipped by the scanner; the watcher must not watch
    // behind it either: a link to / would watch the whole machine.
    const outside = join(base, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(root, 'RJ500001 Linked out'));
    symlinkSync('..', join(root, 'RJ300001 Work 1', 'loop'));
    // The links themselves are a change: scanned first, then forgotten.
    await within(5000, async () => targetedScans.length > 0);
    await server.ctx.scans.waitForLocalScan();
    targetedScans.length = 0;
    writeFileSync(join(outside, 'new.mp3'), 'x');
    await new Promise((wake) => setTimeout(wake, 2_000));
    expect(targetedScans).toEqual([]);
  });

  it('a work removed from the library goes missing, and only that one', async () => {
    rmSync(join(root, 'RJ300002 Work 2'), { recursive: true });
    await within(5000, async () => (await work(300_002))?.missing === 1);
    await server.ctx.scans.waitForLocalScan();
    expect((await work(300_001))?.missing).toBe(0);
    expect((await work(300_003))?.missing).toBe(0);
  });

  it('changes made while another process scans wait for the end of that scan, then are scanned', async () => {
    const otherProcess = new ScanRepository(server.ctx.database.db);
    const progress = { counts: '{}', current: null, errors: '[]' };
    const lease = { owner: 'another-process', expiresAt: new Date(Date.now() + 60_000).toISOString() };
    const running = await otherProcess.insertRunning('full', lease, new Date().toISOString(), progress);
    cpSync(join(source, 'RJ300001 Work 1'), join(root, 'RJ400021 During'), { recursive: true });
    await within(5000, async () => targetedScans.length >= 2);
    // Refused while the other scan holds the lock, and kept: nothing scanned, nothing lost.
    expect(await work(400_021)).toBeUndefined();
    await otherProcess.finish(running?.id as number, 'finished', new Date().toISOString(), progress);
    await within(5000, async () => (await work(400_021))?.missing === 0);
    await server.ctx.scans.waitForLocalScan();
    expect([...(targetedScans.at(-1)?.get(root) ?? [])]).toEqual(['RJ400021 During']);
  });

  it('the library folder disappearing crashes nothing: its works become unavailable, and come back with it, unread', async () => {
    const away = join(base, 'away');
    renameSync(root, away);
    await within(10_000, async () => (await work(300_001))?.unavailable_since != null);
    await server.ctx.scans.waitForLocalScan();
    for (const id of [300_001, 300_002, 300_003]) expect(await work(id)).toMatchObject({ missing: 1 });
    const response = await server.app.inject({ method: 'GET', url: '/api/scan' });
    expect(response.statusCode).toBe(200);
    expect(response.json().unavailableRoots).toEqual([{ path: root, works: 3, since: expect.any(String) }]);

    renameSync(away, root);
    await within(10_000, async () => (await work(300_003))?.missing === 0);
    await server.ctx.scans.waitForLocalScan();
    const back = await server.ctx.scans.state();
    expect(back.mode).toBe('watch');
    expect(back.counts).toMatchObject({ found: 3, unchanged: 3, added: 0, updated: 0 });
    // Watched again: a work copied in now is seen.
    cpSync(join(source, 'RJ300001 Work 1'), join(root, 'RJ400031 After'), { recursive: true });
    await within(5000, async () => (await work(400_031))?.missing === 0);
    await server.ctx.scans.waitForLocalScan();
  });

  it('follows library folders added and removed while it runs', async () => {
    const second = join(base, 'second');
    mkdirSync(second);
    server.ctx.libraryRoots.replace([root, second]);
    // The watcher adds the folder after looking at it; give it a moment, then copy a work in.
    await new Promise((wake) => setTimeout(wake, 500));
    cpSync(join(source, 'RJ300001 Work 1'), join(second, 'RJ400041 Second'), { recursive: true });
    await within(5000, async () => (await work(400_041))?.missing === 0);
    await server.ctx.scans.waitForLocalScan();
    expect([...(targetedScans.at(-1)?.get(second) ?? [])]).toEqual(['RJ400041 Second']);

    server.ctx.libraryRoots.replace([second]);
    const before = targetedScans.length;
    cpSync(join(source, 'RJ300002 Work 2'), join(root, 'RJ400042 Unwatched'), { recursive: true });
    await new Promise((wake) => setTimeout(wake, 2000));
    await server.ctx.scans.waitForLocalScan();
    // Late events of the second folder may still come; none of the removed one does.
    expect(targetedScans.slice(before).some((scope) => scope.has(root))).toBe(false);
    expect(await work(400_042)).toBeUndefined();
  });
});

/** SASAYAKI_WATCH=poll, for network mounts that send no file-system events (issue 15 item 4). */
describe.each(DATABASE_KINDS)('library watcher polling on %s', (kind) => {
  it('polls instead of listening, and a work copied in is in the catalogue within 5 s', async () => {
    const base = mkdtempSync(join(tmpdir(), 'sasayaki-watch-poll-'));
    const library = writeSlowLibrary(base, 1, 100);
    const source = writeSlowLibrary(join(base, 'source'), 1, 100).root;
    const server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: library.root,
      FFPROBE_PATH: library.ffprobePath,
      SASAYAKI_WATCH: 'poll',
      SASAYAKI_WATCH_DEBOUNCE_MS: '500',
      SASAYAKI_WATCH_POLL_MS: '500',
    });
    try {
      await server.ctx.scans.run('incremental');
      await server.ctx.libraryWatcher.start();
      // chokidar's polling (fs.watchFile) is what sees changes on a mount without events.
      const watcher = (
        server.ctx.libraryWatcher as unknown as { watcher: { options: { usePolling: boolean } } }
      ).watcher;
      expect(watcher.options.usePolling).toBe(true);
      cpSync(join(source, 'RJ300001 Work 1'), join(library.root, 'RJ400051 Polled'), { recursive: true });
      await within(5000, async () => {
        const row = await server.ctx.database.db
          .selectFrom('works')
          .select('missing')
          .where('id', '=', 400_051)
          .executeTakeFirst();
        return row?.missing === 0;
      });
      await server.ctx.scans.waitForLocalScan();
    } finally {
      await server.close();
      rmSync(base, { recursive: true, force: true });
    }
  });
});
