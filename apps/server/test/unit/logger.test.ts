import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../../src/logger.js';

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';

describe('redactUrl', () => {
  it.each([
    ['token', 'plain'],
    ['TOKEN', 'upper case'],
    ['Token', 'mixed case'],
    ['%74oken', 'a percent-encoded letter'],
    ['t%6Fken', 'a percent-encoded letter in the middle'],
    ['%2574oken', 'double percent-encoding'],
    ['%252574oken', 'triple percent-encoding'],
    ['%74%6F%6B%65%6E', 'every letter encoded'],
  ])('redacts a parameter named %s (%s)', (name) => {
    const url = `/api/media/stream/1/0?format=webm&${name}=${SECRET}&x=1`;
    expect(redactUrl(url)).toBe(`/api/media/stream/1/0?format=webm&${name}=[redacted]&x=1`);
  });

  it('redacts every token parameter, first or repeated', () => {
    expect(redactUrl(`/a?token=${SECRET}&%74oken=${SECRET}`)).toBe('/a?token=[redacted]&%74oken=[redacted]');
  });

  it('leaves other parameters, look-alikes and malformed escapes as they are', () => {
    const url = '/api/works?tokens=1&mytoken=2&q=token%3D3&bad=%zz&%E3%81%82=4';
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/api/works')).toBe('/api/works');
  });
});

describe('createLogger', () => {
  it('drops the Authorization header and the cookie of a logged request', async () => {
    const lines: string[] = [];
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logger = createLogger('info', out);
    logger.info({
      req: { headers: { authorization: `Bearer ${SECRET}`, cookie: `sasayaki_token=${SECRET}` } },
    });
    logger.info({ headers: { authorization: `Bearer ${SECRET}`, cookie: `sasayaki_token=${SECRET}` } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.length).toBe(2);
    expect(lines.join('')).not.toContain('signature');
  });
});
