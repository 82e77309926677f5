import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioTagRepository } from '../../src/repositories/audio-tag.repository.js';
import { CatalogueWriteRepository } from '../../src/repositories/catalogue-write.repository.js';
import { FolderWorkIdRepository } from '../../src/repositories/folder-work-id.repository.js';
import { ScanRepository } from '../../src/repositories/scan.repository.js';
import { SettingsRepository } from '../../src/repositories/settings.repository.js';
import { WorkAvailabilityRepository } from '../../src/repositories/work-availability.repository.js';
import { createAudioReader } from '../../src/scanner/read-audio-headers.js';
import { MaintenanceService } from '../../src/services/maintenance.service.js';
import { ScanService } from '../../src/services/scan.service.js';
import { writeSlowLibrary } from '../helpers/server-process.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * The running scan's lease, between two scan services on one database standing for two processes: the
 * server's own, and `other` (another instance id). Scans last about 2 s, leases 1 s.
 */
describe.each(DATABASE_KINDS)('scan lease on %s', (kind) => {
  let base: string;
  let server: TestServer;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-lease-'));
    const library = writeSlowLibrary(base, 20, 100);
    server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: library.root,
      FFPROBE_PATH: library.ffprobePath,
      SASAYAKI_SCAN_CONCURRENCY: '1',
      SASAYAKI_SCAN_LEASE_MS: '1000',
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
    rmSync(base, { recursive: true, force: true });
  });

  const otherProcess = () => {
    const { db, dialect } = server.ctx.database;
    const settings = new SettingsRepository(db);
    return new ScanService({
      config: server.config,
      scans: new ScanRepository(db),
      catalogue: new CatalogueWriteRepository(db, dialect),
      metadata: server.ctx.metadata,
      folderIds: new FolderWorkIdRepository(db),
      audioTags: new AudioTagRepository(db),
      availability: new WorkAvailabilityRepository(db),
      settings,
      maintenance: new MaintenanceService(settings),
      covers: server.ctx.covers,
      audio: createAudioReader(server.config.ffprobePath),
      logger: pino({ level: 'silent' }),
      instanceId: 'another-process',
    });
  };

  it('a scan longer than its lease keeps it by renewing: nobody else takes over meanwhile', async () => {
    const other = otherProcess();
    const id = (await server.ctx.scans.start('full')).id as number;
    const started = Date.now();
    let looks = 0;
    for (let state = await other.state(); state.running; state = await other.state()) {
      expect(state.id).toBe(id);
      looks++;
      const attempt = await other.start('incremental').then(
        () => 'started',
        (error: Error) => error.message,
      );
      // Only the end of the scan frees the lock (it may end between the look and the attempt).
      if (attempt === 'started') {
        expect((await other.stateOf(id)).status).toBe('finished');
        await other.waitForLocalScan();
        break;
      }
      expect(attempt).toBe('A scan is already running');
      await new Promise((wake) => setTimeout(wake, 100));
    }
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(looks).toBeGreaterThan(5);
    expect(await other.stateOf(id)).toMatchObject({ status: 'finished', counts: { found: 20, added: 20 } });
  });

  it('an owner that cannot renew its lease stops its scan before the lease ends', async () => {
    vi.spyOn(ScanRepository.prototype, 'renew').mockRejectedValue(new Error('database unreachable'));
    await server.ctx.scans.start('full');
    const ended = await server.ctx.scans.waitForLocalScan();
    expect(ended?.status).toBe('cancelled');
    expect(ended?.errors).toContainEqual({
      path: '',
      message: 'Scan stopped: its lease could not be renewed',
      level: 'error',
    });
    expect(ended?.counts.added).toBeLessThan(20);
  });

  it('an owner whose scan was marked abandoned stops, and leaves the row as the other process set it', async () => {
    const id = (await server.ctx.scans.start('full')).id as number;
    const db = server.ctx.database.db;
    const abandonedAt = new Date().toISOString();
    await db
      .updateTable('scans')
      .set({ status: 'abandoned', finished_at: abandonedAt })
      .where('id', '=', id)
      .execute();
    const ended = await server.ctx.scans.waitForLocalScan();
    expect(ended).toMatchObject({ id, status: 'abandoned', finishedAt: abandonedAt });
    expect(ended?.counts.added).toBeLessThan(20);
  });
});
