import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MAX_COVER_UPLOAD_BYTES, type WorkMetadataView } from '@sasayaki/api-contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../helpers/accounts.js';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const SIDECAR = {
  title: 'Sidecar Title',
  circle: { id: 4242, name: 'Sidecar Circle' },
  vas: [{ name: 'Voice One' }],
  tags: [
    { id: 497, name: '耳かき', i18n: { 'en-us': { name: 'Ear cleaning' }, 'ja-jp': { name: '耳かき' } } },
  ],
  release: '2021-05-01',
  price: 1320,
  age_category_string: 'general',
};

const solid = (background: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    [format]()
    .toBuffer();

/** Which of red, green and blue an image mostly is. */
async function colourOf(image: Buffer): Promise<'red' | 'green' | 'blue'> {
  const { data } = await sharp(image).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
  const [red = 0, green = 0, blue = 0] = data;
  if (red > green && red > blue) return 'red';
  return green > blue ? 'green' : 'blue';
}

describe.each(DATABASE_KINDS)('hand edits of a work on %s', (kind) => {
  let server: TestServer;
  let root: string;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const inject = (options: InjectOptions) => server.app.inject(options);
  const view = async (): Promise<WorkMetadataView> =>
    (await inject({ method: 'GET', url: '/api/admin/works/RJ300001/metadata', headers: admin })).json();
  const edit = (payload: unknown) =>
    inject({
      method: 'PUT',
      url: '/api/admin/works/RJ300001/metadata',
      headers: admin,
      payload: payload as object,
    });
  const revert = (field: string) =>
    inject({ method: 'DELETE', url: `/api/admin/works/RJ300001/metadata/${field}`, headers: admin });
  const work = async () =>
    (await inject({ method: 'GET', url: '/api/work/RJ300001', headers: admin })).json();
  const cover = async () =>
    colourOf(
      (await inject({ method: 'GET', url: '/api/cover/RJ300001?type=240x240', headers: admin })).rawPayload,
    );
  const rescan = async () => expect((await server.ctx.scans.run('full')).status).toBe('finished');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sasayaki-edits-'));
    const put = (path: string, data: string | Buffer) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), data);
    };
    put('RJ300001/workinfo.json', JSON.stringify(SIDECAR));
    put('RJ300001/01.wav', wav(0.2));
    put('RJ300001/cover.jpg', await solid('#ff0000', 'jpeg'));
    put('RJ300001/extra/alt.png', await solid('#0000ff', 'png'));
    put('RJ300001/notes.txt', 'not an image');
    put('RJ300002/02.wav', wav(0.2));
    server = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_LIBRARY: root });
    await rescan();
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    member = bearer(await register(server, 'listener'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("shows each field's value, its source, the providers' values and the work's images", async () => {
    const shown = await view();
    expect(shown.source_id).toBe('RJ300001');
    expect(shown.fields.title).toEqual({
      value: 'Sidecar Title',
      source: 'workinfo',
      providers: expect.arrayContaining([{ provider: 'workinfo', value: 'Sidecar Title' }]),
      edit: null,
    });
    expect(shown.fields.circle.value).toEqual({ id: 4242, name: 'Sidecar Circle' });
    expect(shown.fields.price).toMatchObject({ value: 1320, source: 'workinfo' });
    expect(shown.cover).toEqual({
      edit: null,
      // In the tree's order: folders first.
      images: [
        { fileId: expect.any(Number), path: 'extra/alt.png' },
        { fileId: expect.any(Number), path: 'cover.jpg' },
      ],
    });
  });

  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/works/RJ300001/metadata'],
      ['PUT', '/api/admin/works/RJ300001/metadata'],
      ['DELETE', '/api/admin/works/RJ300001/metadata/title'],
      ['PUT', '/api/admin/works/RJ300001/cover'],
    ] as const) {
      const response = await inject({
        method,
        url,
        headers: member,
        payload: method === 'PUT' ? { title: 'x' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const refused: Array<[unknown, string]> = [
      [{ tags: [497, 999_999] }, 'tags.1'],
      [{ title: '   ' }, 'title'],
      [{ release: '2024-02-30' }, 'release'],
      [{ release: '2024/01/01' }, 'release'],
      [{ price: -1 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ price: '100' }, 'price'],
      [{ tags: [{ names: { 'ja-jp': '新', 'en-us': 'New' } }] }, 'tags.0'],
      [{ circle: '' }, 'circle'],
      [{ age: 'r18' }, 'age'],
      [{ cover: { fileId: 999 } }, 'cover.fileId'],
      [{ colour: 'blue' }, '(root)'],
      [{}, '(root)'],
    ];
    for (const [payload, param] of refused) {
      const response = await edit(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((error: { param: string }) => error.param)).toContain(param);
    }
    const text = await server.ctx.database.db
      .selectFrom('files')
      .select('file_id')
      .where('work_id', '=', 300001)
      .where('path', '=', 'notes.txt')
      .executeTakeFirstOrThrow();
    const notImage = await edit({ cover: { fileId: text.file_id } });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors[0].param).toBe('cover.fileId');
    const badField = await revert('colour');
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errors[0].param).toBe('field');
    expect(
      (await inject({ method: 'GET', url: '/api/admin/works/RJ999999/metadata', headers: admin })).statusCode,
    ).toBe(404);
    expect((await view()).fields.title.edit).toBeNull();
    expect((await work()).title).toBe('Sidecar Title');
  });

  it('stores edits that the work, the lists and the label pages show', async () => {
    const names = { 'ja-jp': '新しいタグ', 'en-us': 'Brand-new tag', 'zh-cn': '新标签' };
    const response = await edit({
      title: '  Edited Title ',
      circle: 'Hand Circle',
      vas: ['Voice One', 'Voice Two'],
      tags: [497, { names }],
      release: '2024-02-29',
      age: 'r15',
      price: 880,
      series: 'A Series',
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown: WorkMetadataView = response.json();
    for (const field of ['title', 'circle', 'vas', 'tags', 'release', 'age', 'price', 'series'] as const)
      expect(shown.fields[field].source, field).toBe('edit');
    expect(shown.fields.title.edit).toMatchObject({ value: 'Edited Title', edited_by: 'admin' });
    expect(shown.fields.title.providers[0]).toEqual({ provider: 'workinfo', value: 'Sidecar Title' });

    const detail = await work();
    expect(detail).toMatchObject({
      title: 'Edited Title',
      release: '2024-02-29',
      price: 880,
      circle: { name: 'Hand Circle' },
    });
    expect(detail.vas.map((va: { name: string }) => va.name)).toEqual(['Voice One', 'Voice Two']);
    const tag = detail.tags.find((candidate: { name: string }) => candidate.name === '新しいタグ');
    expect(tag.i18n).toEqual({
      'ja-jp': { name: '新しいタグ' },
      'en-us': { name: 'Brand-new tag' },
      'zh-cn': { name: '新标签' },
    });
    expect(detail.tags.map((candidate: { id: number }) => candidate.id)).toContain(497);

    const list = (await inject({ method: 'GET', url: '/api/works?order=id', headers: admin })).json();
    expect(list.works.map((entry: { title: string }) => entry.title)).toContain('Edited Title');
    const circles = (await inject({ method: 'GET', url: '/api/circles/', headers: admin })).json();
    const circle = circles.find((entry: { name: string }) => entry.name === 'Hand Circle');
    expect(circle?.count).toBe(1);
    const onCircle = (
      await inject({ method: 'GET', url: `/api/circles/${circle.id}/works`, headers: admin })
    ).json();
    expect(onCircle.works.map((entry: { title: string }) => entry.title)).toEqual(['Edited Title']);
    const tags = (await inject({ method: 'GET', url: '/api/tags/', headers: admin })).json();
    expect(tags.some((entry: { id: number }) => entry.id === tag.id)).toBe(true);
    const found = (await inject({ method: 'GET', url: '/api/search/brand-new', headers: admin })).json();
    expect(found.works.map((entry: { id: number }) => entry.id)).toEqual([300001]);
  });

  it('keeps edits through a full rescan and a provider refresh; a revert gives the providers’ value back', async () => {
    await rescan();
    expect((await work()).title).toBe('Edited Title');
    await server.ctx.metadata.saveAndRemerge([
      {
        workId: 300001,
        provider: 'dlsite',
        result: { status: 'ok', data: { title: 'DLsite Title', price: 990 } },
      },
    ]);
    expect((await work()).title).toBe('Edited Title');
    expect((await work()).price).toBe(880);

    const reverted = await revert('title');
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json().fields.title).toMatchObject({
      value: 'Sidecar Title',
      source: 'workinfo',
      edit: null,
    });
    expect((await work()).title).toBe('Sidecar Title');
    const price = (await revert('price')).json();
    expect(price.fields.price).toMatchObject({ value: 1320, source: 'workinfo' });
    expect(price.fields.price.providers).toEqual([
      { provider: 'workinfo', value: 1320 },
      { provider: 'dlsite', value: 990 },
    ]);
    await rescan();
    const after = await work();
    expect(after.title).toBe('Sidecar Title');
    expect(after.circle.name).toBe('Hand Circle');
    expect((await revert('circle')).statusCode).toBe(200);
    expect((await work()).circle).toEqual({ id: 4242, name: 'Sidecar Circle' });
    // A field without an edit is left as it is.
    expect((await revert('title')).statusCode).toBe(200);
  });

  it('takes an uploaded cover or an image of the work, keeps it through rescans, and reverts to the scanned one', async () => {
    expect(await cover()).toBe('red');
    const upload = (body: Buffer, type = 'image/png') =>
      inject({
        method: 'PUT',
        url: '/api/admin/works/RJ300001/cover',
        headers: { ...admin, 'content-type': type },
        payload: body,
      });

    const uploaded = await upload(await solid('#00ff00', 'png'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().cover.edit).toMatchObject({ kind: 'upload', fileId: null, edited_by: 'admin' });
    expect(await cover()).toBe('green');
    const main = await inject({ method: 'GET', url: '/api/cover/RJ300001?type=main', headers: admin });
    expect((await sharp(main.rawPayload).metadata()).width).toBe(400);
    await rescan();
    expect(await cover()).toBe('green');

    const alt = (await view()).cover.images.find((image) => image.path === 'extra/alt.png');
    const picked = await edit({ cover: { fileId: alt?.fileId } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().cover.edit).toMatchObject({ kind: 'file', fileId: alt?.fileId });
    expect(await cover()).toBe('blue');

    expect((await revert('cover')).json().cover.edit).toBeNull();
    expect(await cover()).toBe('red');
    await rescan();
    expect(await cover()).toBe('red');
  });

  it('refuses a cover that is not an image, too large, or of another type', async () => {
    const put = (payload: Buffer, type: string) =>
      inject({
        method: 'PUT',
        url: '/api/admin/works/RJ300001/cover',
        headers: { ...admin, 'content-type': type },
        payload,
      });
    const garbage = await put(Buffer.from('definitely not a png'), 'image/png');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0].param).toBe('(body)');
    expect((await put(Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
    expect((await put(Buffer.alloc(MAX_COVER_UPLOAD_BYTES + 1), 'image/png')).statusCode).toBe(413);
    expect((await put(Buffer.from('x'), 'text/plain')).statusCode).toBe(415);
    expect((await view()).cover.edit).toBeNull();
    expect(await cover()).toBe('red');
  });
});
