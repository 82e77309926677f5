import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * A 400 echoes the offending value (`errors[].value`) only when it is small: a body of thousands of nested
 * arrays is valid JSON, and encoding it again for the answer overflowed the stack (a 500 in the fuzz suite).
 */
describe('the offending value in a 400', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (payload: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/works',
      payload,
      headers: { 'content-type': 'application/json' },
    });

  it('is left out when the body nests thousands of levels deep, and the answer is a 400', async () => {
    const answer = await post(`${'['.repeat(12_000)}${']'.repeat(12_000)}`);
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.error).toMatch(/expected object/);
    expect(body.errors[0]).toEqual({ param: '(root)', location: 'body', msg: expect.any(String) });
  });

  it('is left out when it is too long, and kept when it is small', async () => {
    const long = await post(JSON.stringify({ page: 'x'.repeat(5_000) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).not.toHaveProperty('value');
    const small = await post(JSON.stringify({ page: 'x' }));
    expect(small.statusCode).toBe(400);
    expect(small.json().errors[0]).toMatchObject({ param: 'page', value: 'x' });
  });
});
