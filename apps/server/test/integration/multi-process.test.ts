import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ScanState, ScanState as ScanStateSchema } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers/accounts.js';
import {
  eventually,
  type ServerProcess,
  startServerProcess,
  writeSlowLibrary,
} from '../helpers/server-process.js';
import { createPostgresDatabase } from '../helpers/test-context.js';

const GUEST_BUDGET = 6;
const LOGIN_FAILURES = 3;
const WORKS = 10;

/** Real processes on two shared cores: a start takes seconds under load, so each case gets a minute. */
const CASE_TIMEOUT_MS = 60_000;

/**
 * Three server processes of the built code on one PostgreSQL database and one data folder, as
 * docs/deployment.md describes: what must be shared is (the scan lock and its progress, the limits).
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('three server processes on one PostgreSQL', () => {
  let base: string;
  let postgres: { url: string; drop(): Promise<void> };
  let library: ReturnType<typeof writeSlowLibrary>;
  let servers: ServerProcess[];
  let adminToken: string;
  const everyServer: ServerProcess[] = [];

  const env = () => ({
    SASAYAKI_DATA: join(base, 'data'),
    DATABASE_URL: postgres.url,
    SASAYAKI_LIBRARY: library.root,
    FFPROBE_PATH: library.ffprobePath,
    SASAYAKI_SCAN_ON_STARTUP: 'false',
    SASAYAKI_SCAN_CONCURRENCY: '1',
    SASAYAKI_SCAN_LEASE_MS: '2000',
    SASAYAKI_AUTH: 'true',
    SASAYAKI_ADMIN_PASSWORD: ADMIN.password,
    SASAYAKI_REGISTRATION: 'true',
    SASAYAKI_GUEST_REQUESTS_PER_MINUTE: String(GUEST_BUDGET),
    SASAYAKI_LOGIN_FAILURES_PER_MINUTE: String(LOGIN_FAILURES),
    SASAYAKI_LOGIN_SLOWDOWN_MS: '0',
  });
  const start = async () => {
    const server = await startServerProcess(env());
    everyServer.push(server);
    return server;
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-processes-'));
    postgres = await createPostgresDatabase();
    library = writeSlowLibrary(base, WORKS, 150);
    // Started together, as an orchestrator starts replicas: they migrate and bootstrap the same database.
    servers = await Promise.all([start(), start(), start()]);
    const first = servers[0] as ServerProcess;
    adminToken = await login(first, ADMIN.name, ADMIN.password)
      .then(tokenOf)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${first.output()}`);
      });
  }, 60_000);
  afterAll(async () => {
    for (const server of everyServer) await server.kill();
    await postgres?.drop();
    rmSync(base, { recursive: true, force: true });
  });

  const server = (index: number) => servers[index] as ServerProcess;
  const login = (on: ServerProcess, name: string, password: string) =>
    on.request('/api/auth/me', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
  const tokenOf = async (response: Response) => {
    if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  };
  const scanState = async (on: ServerProcess): Promise<ScanState> =>
    ScanStateSchema.parse(await (await on.request('/api/scan', { token: adminToken })).json());
  const startScan = (on: ServerProcess) =>
    on.request('/api/scan', {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'full' }),
    });

  /** The limits count in fixed one-minute windows: a test spending a budget must not straddle two. */
  const awayFromMinuteEdge = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((wake) => setTimeout(wake, 60_100 - intoMinute));
  };

  it(
    "spends the guest's budget across all three: then every one answers 429",
    async () => {
      const guest = await tokenOf(await login(server(0), 'guest', 'guest'));
      await awayFromMinuteEdge();
      const statuses: number[] = [];
      for (let index = 0; index < GUEST_BUDGET; index++) {
        statuses.push((await server(index % 3).request('/api/works', { token: guest })).status);
      }
      expect(statuses).toEqual(Array(GUEST_BUDGET).fill(200));
      for (const each of servers) {
        const refused = await each.request('/api/works', { token: guest });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'counts failed logins across all three: then every one answers 429',
    async () => {
      const registered = await server(1).request('/api/auth/reg', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'listener', password: 'right-password' }),
      });
      expect(registered.status).toBe(201);
      await awayFromMinuteEdge();
      for (let index = 0; index < LOGIN_FAILURES; index++) {
        expect((await login(server(index % 3), 'listener', 'wrong-password')).status).toBe(401);
      }
      for (const each of servers) {
        expect((await login(each, 'listener', 'wrong-password')).status).toBe(429);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'shows a scan started on one on the others, and refuses a second one there',
    async () => {
      const events = followScanEvents(server(2), adminToken);
      const started = await startScan(server(0));
      expect(started.status).toBe(202);
      const { id } = ScanStateSchema.parse(await started.json());
      const seen = await eventually('the scan on the second server', async () => {
        const state = await scanState(server(1));
        return state.id === id && state.running && state.counts.found === WORKS ? state : undefined;
      });
      expect(seen.mode).toBe('full');
      expect((await startScan(server(1))).status).toBe(409);
      const progress = await events.until(
        (event) => event.event === 'progress' && event.data.id === id && event.data.counts.added > 0,
      );
      expect(progress.data).toMatchObject({ id, running: true });
      events.close();
      await eventually('the scan to end', async () =>
        (await scanState(server(1))).running ? undefined : true,
      );
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'passes the scan lock on only once its owner, killed, stopped renewing the lease',
    async () => {
      const started = await startScan(server(0));
      expect(started.status).toBe(202);
      const { id } = ScanStateSchema.parse(await started.json());
      await eventually('the scan to be under way', async () => {
        const state = await scanState(server(1));
        return state.id === id && state.counts.updated >= 1 ? true : undefined;
      });
      await server(0).kill();
      // Until the lease ends, the others take the scan for alive: it may only be slow.
      expect((await startScan(server(1))).status).toBe(409);
      const abandoned = await eventually('the killed scan to be reported abandoned', async () => {
        const state = await scanState(server(2));
        return state.id === id && state.status === 'abandoned' ? state : undefined;
      });
      expect(abandoned.running).toBe(false);
      const takeover = await startScan(server(1));
      expect(takeover.status).toBe(202);
      const next = ScanStateSchema.parse(await takeover.json()).id;
      const finished = await eventually('the new scan to finish', async () => {
        const state = await scanState(server(2));
        return state.id === next && state.status === 'finished' ? state : undefined;
      });
      expect(finished.counts).toMatchObject({ found: WORKS, failed: 0 });
    },
    CASE_TIMEOUT_MS,
  );
});

interface ScanEvent {
  event: string;
  data: ScanState;
}

/** Follows `GET /api/scan/events` of one server; `until` resolves with the first event that matches. */
function followScanEvents(on: ServerProcess, token: string) {
  const events: ScanEvent[] = [];
  const request = httpRequest(`${on.url}/api/scan/events`, { headers: { authorization: `Bearer ${token}` } });
  request.on('response', (response) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data) events.push({ event: name, data: JSON.parse(data) as ScanState });
      }
    });
  });
  request.on('error', () => {});
  request.end();
  return {
    until: (match: (event: ScanEvent) => boolean) =>
      eventually('a matching scan event', async () => events.find(match)),
    close: () => request.destroy(),
  };
}
