import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { ScanJob } from '../../src/jobs/scan-job.js';
import { WorkMetadataStore } from '../../src/metadata/work-metadata-store.js';
import { AudioTagRepository } from '../../src/repositories/audio-tag.repository.js';
import {
  CatalogueWriteRepository,
  type StoredWorkState,
} from '../../src/repositories/catalogue-write.repository.js';
import { FolderWorkIdRepository } from '../../src/repositories/folder-work-id.repository.js';
import { createAudioReader } from '../../src/scanner/read-audio-headers.js';
import { runScanPipeline } from '../../src/scanner/scan-pipeline.js';
import {
  DATABASE_KINDS,
  type DatabaseKind,
  startTestServer,
  type TestServer,
} from '../helpers/test-context.js';

/** The scan's catalogue writer, remembering how many stored works each load of states returned. */
class StateLoadsSeen extends CatalogueWriteRepository {
  readonly loads: number[] = [];
  constructor(db: Kysely<Database>, kind: DatabaseKind) {
    super(db, kind);
  }
  override async loadWorkStates(ids: readonly number[]): Promise<Map<number, StoredWorkState>> {
    const states = await super.loadWorkStates(ids);
    this.loads.push(states.size);
    return states;
  }
}

/**
 * Issue 15 item 7: the scan holds the stored state of one chunk of folders at a time, not of the whole
 * library, and still finds what changed. Chunks of 2 folders here, so every case crosses a boundary.
 */
describe.each(DATABASE_KINDS)('a scan in chunks on %s', (kind) => {
  const CHUNK = 2;
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sasayaki-scan-chunks-'));
    for (let id = 400_001; id <= 400_007; id++) putFolder(`RJ${id} Chunked ${id}`, `work ${id}`);
    // A work without a code (a local id), found by its workinfo.json.
    putFolder('Local story', 'local', '{"title":"Local story"}');
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  function putFolder(name: string, text: string, workinfo?: string): void {
    mkdirSync(join(root, name, 'text'), { recursive: true });
    writeFileSync(join(root, name, 'readme.txt'), `${text}\n`);
    writeFileSync(join(root, name, 'text', 'script.txt'), `script of ${text}\n`);
    if (workinfo) writeFileSync(join(root, name, 'workinfo.json'), workinfo);
  }

  async function scan(): Promise<{ job: ScanJob; loads: number[] }> {
    const db = server.ctx.database.db;
    const catalogue = new StateLoadsSeen(db, kind);
    const now = () => new Date().toISOString();
    const job = new ScanJob();
    const status = await runScanPipeline(
      'incremental',
      { libraryDirs: [root], maxDepth: 5, concurrency: 2, stateChunk: CHUNK },
      {
        catalogue,
        metadata: new WorkMetadataStore({
          db,
          catalogue,
          providerOrder: () => server.config.metadata.providers,
          catalogueChanged: () => {},
          now,
        }),
        folderIds: new FolderWorkIdRepository(db),
        audioTags: new AudioTagRepository(db),
        covers: server.ctx.covers,
        audio: createAudioReader(server.config.ffprobePath),
        now,
      },
      job,
    );
    expect(status).toBe('finished');
    expect(job.errors).toEqual([]);
    return { job, loads: catalogue.loads };
  }

  const stored = async () =>
    (
      await server.ctx.database.db
        .selectFrom('works')
        .select(['id', 'dir', 'missing'])
        .orderBy('id')
        .execute()
    ).map((work) => `${work.id} ${work.dir} ${work.missing}`);

  it('finds removed, moved and unchanged works across chunk boundaries, holding one chunk of states', async () => {
    const first = await scan();
    expect(first.job.counts).toMatchObject({ found: 8, added: 8, removed: 0 });
    const before = await stored();
    const localId = Number((before.find((row) => row.includes('Local story')) as string).split(' ')[0]);

    // One work per chunk changes: the 2nd removed, the 4th moved to a folder sorted last, the local work
    // renamed (its id follows its content), the 7th's content changed.
    rmSync(join(root, 'RJ400002 Chunked 400002'), { recursive: true });
    renameSync(join(root, 'RJ400004 Chunked 400004'), join(root, 'zz RJ400004 moved'));
    renameSync(join(root, 'Local story'), join(root, 'Local story (renamed)'));
    writeFileSync(join(root, 'RJ400007 Chunked 400007', 'readme.txt'), 'changed\n');

    const again = await scan();
    expect(again.job.counts).toMatchObject({ found: 7, added: 0, updated: 3, unchanged: 4, removed: 1 });
    expect(await stored()).toEqual([
      '400001 RJ400001 Chunked 400001 0',
      '400002 RJ400002 Chunked 400002 1',
      '400003 RJ400003 Chunked 400003 0',
      '400004 zz RJ400004 moved 0',
      '400005 RJ400005 Chunked 400005 0',
      '400006 RJ400006 Chunked 400006 0',
      '400007 RJ400007 Chunked 400007 0',
      `${localId} Local story (renamed) 0`,
    ]);
    // Never the whole catalogue at once: at most a chunk's works (or the few local works not found).
    expect(Math.max(...again.loads)).toBeLessThanOrEqual(CHUNK);

    // Nothing changed: nothing written, nothing removed.
    const third = await scan();
    expect(third.job.counts).toMatchObject({ found: 7, added: 0, updated: 0, unchanged: 7, removed: 0 });
  });
});
