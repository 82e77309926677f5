import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { AsmroneProvider } from '../../../src/metadata/asmrone/asmrone-provider.js';
import { parseWorkInfo } from '../../../src/metadata/asmrone/parse-work-info.js';
import type { FetchAnswer } from '../../../src/metadata/http/polite-client.js';

describe('asmr.one workInfo parsing', () => {
  it('keeps what it can read and drops a field of the wrong type on its own', () => {
    const parsed = parseWorkInfo(
      JSON.stringify({
        title: ' 夜の図書館 ',
        name: '灯り屋',
        circle_id: 77,
        price: 'free',
        dl_count: '1200',
        vas: 'nobody',
        age_category_string: 'r15',
        tags: [{ id: 5, name: '癒し', i18n: { 'en-us': { name: 'Healing' } } }],
      }),
    );
    expect(parsed).toEqual({
      kind: 'ok',
      value: {
        sourceType: 'ASMRONE',
        title: '夜の図書館',
        circle: { id: 77, name: '灯り屋' },
        dlCount: 1200,
        age: 'r15',
        nsfw: true,
        tags: [{ id: 5, name: '癒し', i18n: { 'en-us': { name: 'Healing' }, 'ja-jp': { name: '癒し' } } }],
      },
    });
  });

  it('calls an answer that is not a JSON object unreadable', () => {
    expect(parseWorkInfo('[]')).toEqual({
      kind: 'unreadable',
      message: 'asmr.one workInfo is not an object',
    });
    expect(parseWorkInfo('<html>')).toMatchObject({ kind: 'unreadable' });
  });
});

describe('asmr.one provider', () => {
  const provider = (answer: FetchAnswer, asked: string[] = []) =>
    new AsmroneProvider(
      {
        get: async (url) => {
          asked.push(url);
          return answer;
        },
      },
      { read: async () => null, write: async () => undefined },
      'https://asmr.example',
    );

  it('asks for the code’s number, and says failed for a 5xx or no answer', async () => {
    const asked: string[] = [];
    const body = Buffer.from('{"title":"x"}');
    const ok = await provider({ kind: 'ok', status: 200, body, contentType: null }, asked).fetchWork(
      'RJ01234567',
      false,
    );
    expect(asked).toEqual(['https://asmr.example/api/workInfo/1234567']);
    expect(ok.status).toBe('ok');
    expect((await provider({ kind: 'http-error', status: 503 }).fetchWork('RJ123456', false)).status).toBe(
      'failed',
    );
    expect(
      (await provider({ kind: 'network-error', message: 'timeout' }).fetchWork('RJ123456', false)).status,
    ).toBe('failed');
  });

  it('takes the cover URL as given, or relative to its address; nothing that is not http(s)', async () => {
    const coverOf = async (mainCoverUrl: string) => {
      const body = Buffer.from(JSON.stringify({ title: 'x', mainCoverUrl }));
      const result = await provider({ kind: 'ok', status: 200, body, contentType: null }).fetchWork(
        'RJ123456',
        false,
      );
      return result.data.coverUrl;
    };
    expect(await coverOf('https://img.example/RJ123456.jpg')).toBe('https://img.example/RJ123456.jpg');
    expect(await coverOf('/api/cover/123456.jpg?type=main')).toBe(
      'https://asmr.example/api/cover/123456.jpg?type=main',
    );
    expect(await coverOf('javascript:alert(1)')).toBeUndefined();
  });
});

describe('asmr.one settings', () => {
  it('are off by default, with asmr.one’s API address, and switched on from the environment', () => {
    const base = mkdtempSync(join(tmpdir(), 'sasayaki-config-'));
    mkdirSync(join(base, 'library'));
    const env = { SASAYAKI_DATA: base, SASAYAKI_LIBRARY: join(base, 'library') };
    expect(loadConfig(env).metadata.asmrone).toEqual({ enabled: false, url: 'https://api.asmr-200.com' });
    expect(
      loadConfig({ ...env, SASAYAKI_ASMRONE: 'true', SASAYAKI_ASMRONE_URL: 'http://mirror.test/' }).metadata
        .asmrone,
    ).toEqual({ enabled: true, url: 'http://mirror.test' });
  });
});
