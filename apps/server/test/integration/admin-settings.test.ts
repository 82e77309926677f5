import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AdminSettingsSaved, AdminSettingsView } from '@sasayaki/api-contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../helpers/accounts.js';
import { eventually, writeSlowLibrary } from '../helpers/server-process.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * The Settings page's administrator part (issue 15 item 1): every setting read with its source, changed
 * through `PUT /api/config/admin`, refused with the field named, and in effect at once.
 */
describe.each(DATABASE_KINDS)('administrator settings on %s', (kind) => {
  let server: TestServer;
  let base: string;
  let library: { root: string; ffprobePath: string; ids: number[] };
  let admin: Record<string, string>;

  const inject = (options: InjectOptions) => server.app.inject(options);
  const put = (payload: object, headers = admin) =>
    inject({ method: 'PUT', url: '/api/config/admin', headers, payload });
  const view = async () =>
    AdminSettingsView.parse(
      (await inject({ method: 'GET', url: '/api/config/admin', headers: admin })).json(),
    );
  const listedWorks = async () =>
    (await inject({ method: 'GET', url: '/api/works', headers: admin })).json().pagination
      .totalCount as number;
  /** After a scan: lists follow the scan's mark, read at most once a second (catalogue-cache.ts). */
  const listedAfterScan = async (count: number) => {
    await server.ctx.scans.waitForLocalScan();
    await eventually(`${count} works listed`, async () =>
      (await listedWorks()) === count ? true : undefined,
    );
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-admin-settings-'));
    library = writeSlowLibrary(base, 2, 0);
    server = await startTestServer(kind, { ...ACCOUNTS_ON, FFPROBE_PATH: library.ffprobePath });
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('answers 401 without a token and 403 to members and guests', async () => {
    expect((await inject({ method: 'GET', url: '/api/config/admin' })).statusCode).toBe(401);
    const member = bearer(await register(server, 'listener1'));
    const guest = bearer(await login(server, 'guest', 'guest'));
    for (const headers of [member, guest]) {
      expect((await inject({ method: 'GET', url: '/api/config/admin', headers })).statusCode).toBe(403);
      expect((await put({ scanDepth: 3 }, headers)).statusCode).toBe(403);
    }
  });

  it('shows every setting with where it comes from', async () => {
    const settings = await view();
    expect(settings).toMatchObject({
      libraryDirs: [],
      libraryFolders: [],
      guestRequestsPerMinute: 60,
      scanDepth: 5,
      scanSchedule: 'daily 04:00',
      trustProxy: '',
      corsOrigins: [],
    });
    expect(settings.sources.scanDepth).toBe('default');
    // ACCOUNTS_ON opens registration in the environment; the tests' config.json turns DLsite off.
    expect(settings.sources).toMatchObject({ registration: 'environment', dlsiteFetch: 'file' });
  });

  it('refuses bad values with 400 naming the field, and unknown fields', async () => {
    const refusals: Array<[object, string]> = [
      [{ scanDepth: 0 }, 'scanDepth'],
      [{ scanSchedule: 'hourly' }, 'scanSchedule'],
      [{ metadataProviders: ['dlsite', 'dlsite'] }, 'metadataProviders'],
      [{ metadataProviders: ['nobody'] }, 'metadataProviders'],
      [{ trustProxy: 'true' }, 'trustProxy'],
      [{ trustProxy: 'not-an-address' }, 'trustProxy'],
      [{ corsOrigins: ['https://app.example/path'] }, 'corsOrigins'],
      [{ watch: 'sometimes' }, 'watch'],
      [{ transcodeBitrateKbps: 8 }, 'transcodeBitrateKbps'],
      [{ guestConcurrentStreams: 1.5 }, 'guestConcurrentStreams'],
    ];
    for (const [payload, field] of refusals) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0].param.split('.')[0]).toBe(field);
    }
    expect((await put({ secret: true })).statusCode).toBe(400);
    expect((await view()).scanDepth).toBe(5);
  });

  it('takes a cron expression for the scan schedule, and refuses one that never runs saying why', async () => {
    const never = await put({ scanSchedule: '0 0 31 2 *' });
    expect(never.statusCode).toBe(400);
    expect(never.json().errors[0]).toMatchObject({ param: 'scanSchedule', value: '0 0 31 2 *' });
    expect(never.json().error).toMatch(
      /scanSchedule: "0 0 31 2 \*": never runs.*expected "off", "daily HH:MM"/,
    );
    const badField = await put({ scanSchedule: '0 4 * * funday' });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().error).toMatch(/day of week "funday" is not a number or sun-sat/);

    const saved = AdminSettingsSaved.parse((await put({ scanSchedule: ' 0,30 2-4 1-7 * MON ' })).json());
    expect(saved.scanSchedule).toBe('0,30 2-4 1-7 * mon');
    expect(server.ctx.config.scan.schedule.kind).toBe('cron');
    expect((await view()).scanSchedule).toBe('0,30 2-4 1-7 * mon');
    expect((await put({ scanSchedule: 'daily 04:00' })).statusCode).toBe(200);
  });

  it('refuses a library folder that is relative, missing, a file, or inside or around the data folder', async () => {
    const file = join(base, 'a-file.txt');
    writeFileSync(file, 'not a folder');
    const inside = join(server.dataDir, 'inside');
    mkdirSync(inside);
    const cases: Array<[string, RegExp]> = [
      ['relative/folder', /not an absolute path/],
      [join(base, 'missing'), /does not exist/],
      [file, /not a folder/],
      [inside, /inside the data folder/],
      [dirname(server.dataDir), /contains the data folder/],
    ];
    for (const [path, reason] of cases) {
      const response = await put({ libraryDirs: [path] });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ param: 'libraryDirs', value: path });
      expect(response.json().error).toMatch(reason);
    }
    expect((await view()).libraryDirs).toEqual([]);
  });

  it('adds a folder and scans it, hides its works when removed, and brings them back with their reviews', async () => {
    const added = AdminSettingsSaved.parse((await put({ libraryDirs: [`${library.root}/`] })).json());
    expect(added.libraryDirs).toEqual([library.root]);
    expect(added.scanStarted).toBe(true);
    expect(added.sources.libraryDirs).toBe('saved');
    await listedAfterScan(2);
    expect((await view()).libraryFolders).toEqual([{ path: library.root, works: 2 }]);
    const [workId] = library.ids;
    const review = await inject({
      method: 'PUT',
      url: '/api/review',
      headers: admin,
      payload: { work_id: workId, rating: 4 },
    });
    expect(review.statusCode).toBe(200);
    const file = await server.ctx.database.db
      .selectFrom('files')
      .select('file_id')
      .where('work_id', '=', workId as number)
      .executeTakeFirstOrThrow();
    const streamUrl = `/api/media/stream/${workId}/${file.file_id}`;
    expect((await inject({ method: 'GET', url: streamUrl, headers: admin })).statusCode).toBe(200);

    const removed = AdminSettingsSaved.parse((await put({ libraryDirs: [] })).json());
    expect(removed.hiddenWorks).toBe(2);
    expect(await listedWorks()).toBe(0);
    expect((await inject({ method: 'GET', url: streamUrl, headers: admin })).statusCode).toBe(404);
    // Hidden, never deleted.
    expect(await server.ctx.database.db.selectFrom('works').select('id').execute()).toHaveLength(2);

    expect(AdminSettingsSaved.parse((await put({ libraryDirs: [library.root] })).json()).scanStarted).toBe(
      true,
    );
    await listedAfterScan(2);
    const back = (await inject({ method: 'GET', url: `/api/work/${workId}`, headers: admin })).json();
    expect(back.userRating).toBe(4);
    expect((await inject({ method: 'GET', url: streamUrl, headers: admin })).statusCode).toBe(200);
  });

  it('turns guests off and on: the guest login fails, then works again', async () => {
    expect((await put({ guest: false })).statusCode).toBe(200);
    const refused = await inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'guest', password: 'guest' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await put({ guest: true })).statusCode).toBe(200);
    expect(await login(server, 'guest', 'guest')).toEqual(expect.any(String));
    expect((await view()).sources.guest).toBe('saved');
  });

  it('counts guests and logins with the limits as changed', async () => {
    const guest = bearer(await login(server, 'guest', 'guest'));
    expect((await put({ guestRequestsPerMinute: 1_000_000 })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/works', headers: guest })).statusCode).toBe(200);
    // Counted from a fresh address, so the earlier requests of this suite do not count.
    const from = (remoteAddress: string) => ({
      method: 'GET' as const,
      url: '/api/works',
      headers: guest,
      remoteAddress,
    });
    expect((await put({ guestRequestsPerMinute: 2 })).statusCode).toBe(200);
    expect((await inject(from('10.9.9.1'))).statusCode).toBe(200);
    expect((await inject(from('10.9.9.1'))).statusCode).toBe(200);
    expect((await inject(from('10.9.9.1'))).statusCode).toBe(429);

    expect((await put({ loginFailuresPerMinute: 1, loginSlowdownMaxMs: 0 })).statusCode).toBe(200);
    const wrong = () =>
      inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'listener1', password: 'wrong-password' },
        remoteAddress: '10.9.9.2',
      });
    expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For only from the proxies it is told to trust', async () => {
    const guest = bearer(await login(server, 'guest', 'guest'));
    expect((await put({ guestRequestsPerMinute: 1 })).statusCode).toBe(200);
    const via = (client: string) =>
      inject({
        method: 'GET',
        url: '/api/works',
        headers: { ...guest, 'x-forwarded-for': client },
        remoteAddress: '10.8.0.1',
      });
    // Not trusted: both requests are the proxy's, the second over the budget.
    expect((await via('203.0.113.1')).statusCode).toBe(200);
    expect((await via('203.0.113.2')).statusCode).toBe(429);
    expect(AdminSettingsSaved.parse((await put({ trustProxy: '10.8.0.0/16' })).json()).trustProxy).toBe(
      '10.8.0.0/16',
    );
    expect((await via('203.0.113.3')).statusCode).toBe(200);
    expect((await via('203.0.113.4')).statusCode).toBe(200);
    expect((await put({ trustProxy: '', guestRequestsPerMinute: 1_000_000 })).statusCode).toBe(200);
  });

  it('allows a CORS origin as soon as it is added', async () => {
    const preflight = () =>
      inject({
        method: 'OPTIONS',
        url: '/api/works',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      });
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    expect((await put({ corsOrigins: ['https://APP.example'] })).json().corsOrigins).toEqual([
      'https://app.example',
    ]);
    const allowed = await preflight();
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect((await put({ corsOrigins: [] })).statusCode).toBe(200);
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('applies scanning, stream and metadata settings to the running server', async () => {
    const saved = AdminSettingsSaved.parse(
      (
        await put({
          scanDepth: 3,
          scanSchedule: 'daily 3:05',
          watch: 'poll',
          transcodeCacheMegabytes: 512,
          transcodeBitrateKbps: 64,
          metadataProviders: ['folder', 'workinfo'],
          guestConcurrentStreams: 4,
          guestCoversPerMinute: 100,
          loginAddressFailuresPerMinute: 50,
        })
      ).json(),
    );
    expect(saved).toMatchObject({ scanDepth: 3, scanSchedule: 'daily 03:05', watch: 'poll' });
    const { config } = server.ctx;
    expect(config.scan.maxDepth).toBe(3);
    expect(config.scan.schedule).toEqual({ kind: 'daily', hour: 3, minute: 5 });
    expect(config.watch.mode).toBe('poll');
    expect(config.transcode).toMatchObject({ cacheBytes: 512 * 1024 * 1024, bitrateKbps: 64 });
    expect(server.ctx.transcoder.cache.limitBytes).toBe(512 * 1024 * 1024);
    expect(config.metadata.providers).toEqual(['folder', 'workinfo']);
    expect(config.limits).toMatchObject({
      guestConcurrentStreams: 4,
      guestCoversPerMinute: 100,
      loginAddressFailuresPerMinute: 50,
    });
    expect(saved.sources.scanDepth).toBe('saved');
  });
});

describe.each(DATABASE_KINDS)('settings from the environment on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      SASAYAKI_SCAN_DEPTH: '3',
      SASAYAKI_CORS_ORIGINS: 'https://a.example',
      SASAYAKI_REGISTRATION: 'true',
      SASAYAKI_GUEST: 'false',
      SASAYAKI_DLSITE: 'false',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are shown read-only: a change is refused with 409 naming the setting, the same value is accepted', async () => {
    const settings = AdminSettingsView.parse(
      (await server.app.inject({ method: 'GET', url: '/api/config/admin' })).json(),
    );
    expect(settings.sources).toMatchObject({ scanDepth: 'environment', corsOrigins: 'environment' });
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/config/admin',
      payload: { scanDepth: 4 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/scanDepth.*SASAYAKI_SCAN_DEPTH/);
    const same = await server.app.inject({
      method: 'PUT',
      url: '/api/config/admin',
      payload: { scanDepth: 3, guestConcurrentStreams: 5 },
    });
    expect(same.statusCode).toBe(200);
    expect(server.ctx.config.scan.maxDepth).toBe(3);
  });

  it('keeps registration, guests and DLsite as the environment sets them: 409 to a change, shown as environment', async () => {
    const put = (payload: object) => server.app.inject({ method: 'PUT', url: '/api/config/admin', payload });
    const view = async () =>
      AdminSettingsView.parse((await server.app.inject({ method: 'GET', url: '/api/config/admin' })).json());
    const cases: Array<[object, RegExp]> = [
      [{ registration: false }, /registration.*SASAYAKI_REGISTRATION/],
      [{ guest: true }, /guest.*SASAYAKI_GUEST/],
      [{ dlsiteFetch: true }, /dlsiteFetch.*SASAYAKI_DLSITE/],
    ];
    for (const [payload, message] of cases) {
      const refused = await put(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json().error).toMatch(message);
    }
    expect(await view()).toMatchObject({
      registration: true,
      guest: false,
      dlsiteFetch: false,
      sources: { registration: 'environment', guest: 'environment', dlsiteFetch: 'environment' },
    });
    // The same values are accepted (a client may send the whole form).
    expect((await put({ registration: true, guest: false, dlsiteFetch: false })).statusCode).toBe(200);
    // A choice saved before the operator set the variable does not win over it.
    await server.ctx.runtimeSettings.update({ registration: false, guest: true, dlsiteFetch: true });
    expect(await server.ctx.runtimeSettings.get()).toEqual({
      registration: true,
      guest: false,
      dlsiteFetch: false,
    });
    expect((await view()).sources.guest).toBe('environment');
  });

  it('applies saved settings at start, except where the environment decides', async () => {
    await server.ctx.settings.set(
      'admin_settings',
      JSON.stringify({ scanDepth: 9, loginSlowdownMaxMs: 1234 }),
    );
    await server.ctx.adminSettings.load();
    expect(server.ctx.config.limits.loginSlowdownMaxMs).toBe(1234);
    expect(server.ctx.config.scan.maxDepth).toBe(3);
  });
});
