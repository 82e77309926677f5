import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanHistory, ScanState } from '@sasayaki/api-contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../helpers/accounts.js';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** The scanner page's history (issue 15 item 5): past scans, newest first, each readable whole. */
describe.each(DATABASE_KINDS)('scan history on %s', (kind) => {
  let base: string;
  let server: TestServer;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const inject = (options: InjectOptions) => server.app.inject(options);
  const get = (url: string, headers = admin) => inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-scan-history-'));
    const root = join(base, 'library');
    for (const dir of ['RJ100001 First', 'RJ100002 Second']) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'a.wav'), wav(0.1));
    }
    // A broken workinfo.json: a warning the history counts.
    mkdirSync(join(root, 'RJ100003 Broken'));
    writeFileSync(join(root, 'RJ100003 Broken', 'workinfo.json'), '{ not json');
    server = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_LIBRARY: root });
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    member = bearer(await register(server, 'member1'));
    await server.ctx.scans.run('incremental');
    await server.ctx.scans.run('incremental');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('lists past scans newest first with their counts, duration and number of problems', async () => {
    const response = await get('/api/scan/history');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const history = ScanHistory.parse(response.json());
    expect(history.pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: 2 });
    const [second, first] = history.scans;
    expect(second?.id).toBeGreaterThan(first?.id as number);
    expect(first).toMatchObject({ mode: 'incremental', status: 'finished', running: false });
    expect(first?.counts).toMatchObject({ found: 3, added: 3, unchanged: 0 });
    // Nothing changed between the two: the second scan says so rather than "0 of 3".
    expect(second?.counts).toMatchObject({ found: 3, added: 0, updated: 0, unchanged: 3 });
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(first).toMatchObject({ errorCount: 0, warningCount: 1 });
    expect(second).toMatchObject({ errorCount: 0, warningCount: 0 });
    expect(response.json().scans[0]).not.toHaveProperty('errors');
  });

  it('pages', async () => {
    const page2 = ScanHistory.parse((await get('/api/scan/history?page=2&pageSize=1')).json());
    expect(page2.pagination).toEqual({ currentPage: 2, pageSize: 1, totalCount: 2 });
    expect(page2.scans).toHaveLength(1);
    expect(page2.scans[0]?.counts.added).toBe(3);
    expect(ScanHistory.parse((await get('/api/scan/history?page=3&pageSize=1')).json()).scans).toEqual([]);
  });

  it('gives one scan whole, with its problems', async () => {
    const [, first] = ScanHistory.parse((await get('/api/scan/history')).json()).scans;
    const response = await get(`/api/scan/history/${first?.id}`);
    expect(response.statusCode).toBe(200);
    const state = ScanState.parse(response.json());
    expect(state.id).toBe(first?.id);
    expect(state.errors).toEqual([
      expect.objectContaining({ level: 'warn', path: expect.stringContaining('RJ100003') }),
    ]);
  });

  it('answers 404 for an unknown scan and 400 for a bad id or page', async () => {
    expect((await get('/api/scan/history/999999')).statusCode).toBe(404);
    for (const url of [
      '/api/scan/history/abc',
      '/api/scan/history/-1',
      '/api/scan/history?page=0',
      '/api/scan/history?pageSize=1000',
      '/api/scan/history?page=x',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('is for administrators only', async () => {
    expect((await get('/api/scan/history', member)).statusCode).toBe(403);
    expect((await get('/api/scan/history/1', member)).statusCode).toBe(403);
    expect((await get('/api/scan/history', {})).statusCode).toBe(401);
  });
});
