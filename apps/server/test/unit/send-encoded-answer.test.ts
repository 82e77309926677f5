import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendEncodedAnswer } from '../../src/http/send-encoded-answer.js';
import type { EncodedAnswer } from '../../src/services/encoded-answer.js';

const ANSWER: EncodedAnswer = {
  json: '[{"id":1}]',
  gzip: Buffer.from('gzip-bytes'),
  br: Buffer.from('br'),
  etag: 'W/"abc"',
};

async function serve(answer: EncodedAnswer) {
  const app = Fastify();
  app.get('/list', (request, reply) => sendEncodedAnswer(request, reply, answer));
  await app.ready();
  return app;
}

describe('sendEncodedAnswer', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %s → %s', async (accept, encoding) => {
    const app = await serve(ANSWER);
    const response = await app.inject({ url: '/list', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.etag).toBe(ANSWER.etag);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('sends gzip when the brotli bytes came out larger and the client takes both', async () => {
    const app = await serve({ ...ANSWER, br: Buffer.from('much longer brotli bytes') });
    const response = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.toString()).toBe('gzip-bytes');
  });

  it('answers 304 with the ETag and no body when If-None-Match holds it', async () => {
    const app = await serve(ANSWER);
    for (const tag of ['W/"abc"', '"abc"', '"x", W/"abc"', '*']) {
      const response = await app.inject({ url: '/list', headers: { 'if-none-match': tag } });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(ANSWER.etag);
    }
    expect((await app.inject({ url: '/list', headers: { 'if-none-match': '"x"' } })).statusCode).toBe(200);
  });
});
