import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { chooseLogFormat, createLogger } from '../../src/logger.js';

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';

function capture(): { out: PassThrough; text: () => string } {
  const chunks: string[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { out, text: () => chunks.join('') };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('chooseLogFormat', () => {
  it('is readable lines on a terminal and JSON elsewhere, unless a format is set', () => {
    expect(chooseLogFormat(null, true)).toBe('pretty');
    expect(chooseLogFormat(null, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('SASAYAKI_LOG_FORMAT', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-log-format-'));

  it('is read from the environment or config.json, unset by default', () => {
    expect(loadConfig({ SASAYAKI_DATA: dataDir() }).logFormat).toBeNull();
    expect(loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    const dir = dataDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ logFormat: 'pretty' }));
    expect(loadConfig({ SASAYAKI_DATA: dir }).logFormat).toBe('pretty');
    expect(loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_LOG_FORMAT: 'text' })).toThrow(ConfigError);
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_LOG_FORMAT: 'text' })).toThrow(
      /SASAYAKI_LOG_FORMAT/,
    );
  });
});

describe('createLogger formats', () => {
  it('json: one JSON object a line', async () => {
    const { out, text } = capture();
    createLogger('info', out, 'json').info({ works: 60 }, 'scan finished');
    await flush();
    expect(JSON.parse(text())).toMatchObject({ level: 30, msg: 'scan finished', works: 60 });
  });

  it('pretty: a time, the level and the message on one line, without colours in a captured stream', async () => {
    const { out, text } = capture();
    createLogger('info', out, 'pretty').info({ works: 60 }, 'scan finished');
    await flush();
    const [first, ...rest] = text().split('\n');
    expect(first).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: scan finished$/);
    expect(rest.join('\n')).toContain('works: 60');
    expect(text()).not.toContain('\u001b[');
    expect(() => JSON.parse(text())).toThrow();
  });

  it('pretty: the request log fields stay out of the line (its message says them)', async () => {
    const { out, text } = capture();
    const logger = createLogger('debug', out, 'pretty');
    logger
      .child({ reqId: 'req-1' })
      .debug(
        { request: { method: 'GET', url: '/api/works', ip: '127.0.0.1', status: 200, ms: 3, slow: false } },
        'GET /api/works 200 3.0 ms',
      );
    await flush();
    expect(text()).toMatch(/^\[\d{2}:\d{2}:\d{2}\] DEBUG: GET \/api\/works 200 3\.0 ms\n$/);
  });

  it('pretty: headers that carry a token are still removed', async () => {
    const { out, text } = capture();
    createLogger('info', out, 'pretty').info(
      { req: { headers: { authorization: `Bearer ${SECRET}`, cookie: `sasayaki_token=${SECRET}` } } },
      'a request',
    );
    await flush();
    expect(text()).toContain('a request');
    expect(text()).not.toContain('signature');
  });
});
