import { MAX_ID } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login } from '../helpers/accounts.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * Ids past what the database's integer columns hold (PostgreSQL `integer`: 2^31 - 1) are bad input or
 * unknown ids, never a database error: the fuzz suite found PUT /api/playback with a huge fileId a 500
 * on PostgreSQL.
 */
const TOO_BIG = MAX_ID + 1;

describe.each(DATABASE_KINDS)('ids beyond the integer columns on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 123456, title: 'A work', files: [{ path: 'a.wav', type: 'audio' }] },
    ]);
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
  });
  afterAll(async () => {
    await server?.close();
  });

  const requests: Array<[string, string, unknown?]> = [
    ['GET', `/api/circles/${TOO_BIG}`],
    ['GET', `/api/circles/${TOO_BIG}/works`],
    ['GET', `/api/tags/${TOO_BIG}`],
    ['GET', `/api/tags/${TOO_BIG}/works`],
    ['GET', '/api/circles/999999999999'],
    ['PUT', `/api/admin/feedback/${TOO_BIG}`, { resolved: true }],
    ['PUT', '/api/review', { work_id: TOO_BIG, rating: 5 }],
    ['POST', '/api/feedback', { work_id: TOO_BIG, category: 'other', details: 'x' }],
    ['PUT', '/api/playback/123456', { fileId: TOO_BIG, position: 1 }],
    ['PUT', '/api/playback/123456', { fileId: Number.MAX_SAFE_INTEGER, position: 1 }],
    ['PUT', '/api/admin/works/123456/metadata', { tags: [TOO_BIG] }],
    ['PUT', '/api/admin/works/123456/metadata', { cover: { fileId: TOO_BIG } }],
    // Within the columns but unknown: a hand edit names the field (400), as the contract says.
    ['PUT', '/api/admin/works/123456/metadata', { tags: [MAX_ID] }],
    ['PUT', '/api/admin/works/123456/metadata', { cover: { fileId: MAX_ID } }],
    ['GET', '/api/admin/works/999999999999/metadata'],
  ];

  const send = (method: string, url: string, payload: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it.each(requests)('%s %s is 400', async (method, url, payload) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
  });

  it.each([
    ['GET', `/api/circles/${MAX_ID}`, undefined],
    ['PUT', `/api/admin/feedback/${MAX_ID}`, { resolved: true }],
    ['PUT', '/api/review', { work_id: MAX_ID, rating: 5 }],
    ['PUT', '/api/playback/123456', { fileId: MAX_ID, position: 1 }],
  ])('%s %s at the largest id is an unknown id (404)', async (method, url, payload) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(404);
  });
});
