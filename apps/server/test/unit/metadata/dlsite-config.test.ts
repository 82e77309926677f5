import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-config-'));

function withLibrary(): Record<string, string> {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-config-'));
  mkdirSync(join(base, 'library'));
  mkdirSync(join(base, 'data'));
  return { SASAYAKI_DATA: join(base, 'data'), SASAYAKI_LIBRARY: join(base, 'library') };
}

describe('DLsite settings', () => {
  it('are off for the demo library (no library configured) and on for a configured one', () => {
    expect(loadConfig({ SASAYAKI_DATA: dataDir() }).metadata.dlsite.enabled).toBe(false);
    expect(loadConfig(withLibrary()).metadata.dlsite.enabled).toBe(true);
    expect(loadConfig({ ...withLibrary(), SASAYAKI_DLSITE: 'off' }).metadata.dlsite.enabled).toBe(false);
  });

  it('have polite defaults: www.dlsite.com, 4 requests a second, weekly refreshes, no proxy', () => {
    const config = loadConfig({ SASAYAKI_DATA: dataDir() });
    expect(config.metadata.dlsite).toMatchObject({
      url: 'https://www.dlsite.com',
      requestsPerSecond: 4,
      timeoutMs: 20_000,
      preferRemoteCover: false,
      refreshMs: 7 * 86_400_000,
      notFoundRetryMs: 7 * 86_400_000,
    });
    expect(config.httpProxy).toBeNull();
  });

  it('take the environment over the file', () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        metadata: { dlsite: { url: 'https://mirror.example/', requestsPerSecond: 1, refreshDays: 30 } },
        httpProxy: 'http://proxy.example:3128',
      }),
    );
    const fromFile = loadConfig({ SASAYAKI_DATA: dir });
    expect(fromFile.metadata.dlsite).toMatchObject({ url: 'https://mirror.example', requestsPerSecond: 1 });
    expect(fromFile.metadata.dlsite.refreshMs).toBe(30 * 86_400_000);
    expect(fromFile.httpProxy).toBe('http://proxy.example:3128');
    const fromEnv = loadConfig({
      SASAYAKI_DATA: dir,
      SASAYAKI_DLSITE_URL: 'http://127.0.0.1:9000',
      SASAYAKI_DLSITE_RATE: '0.5',
      SASAYAKI_HTTP_PROXY: 'http://10.0.0.1:8080/',
    });
    expect(fromEnv.metadata.dlsite).toMatchObject({ url: 'http://127.0.0.1:9000', requestsPerSecond: 0.5 });
    expect(fromEnv.httpProxy).toBe('http://10.0.0.1:8080');
  });

  it('stop the start naming a bad setting', () => {
    const dir = dataDir();
    expect(() => loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_DLSITE_URL: 'ftp://dlsite' })).toThrow(
      /SASAYAKI_DLSITE_URL/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_HTTP_PROXY: 'proxy:3128' })).toThrow(
      /SASAYAKI_HTTP_PROXY/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_DLSITE_RATE: '0' })).toThrow(
      /SASAYAKI_DLSITE_RATE/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_DLSITE: 'maybe' })).toThrow(/SASAYAKI_DLSITE/);
  });
});
