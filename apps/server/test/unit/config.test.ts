import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 8888, SQLite in the data folder', () => {
    const dir = dataDir();
    const config = loadConfig({ SASAYAKI_DATA: dir });
    expect(config.port).toBe(8888);
    expect(config.database).toEqual({ kind: 'sqlite', file: join(dir, 'sasayaki.sqlite') });
    expect(config.libraryDirs).toEqual([]);
    expect(config.scan.maxDepth).toBe(5);
    expect(config.scan.leaseMs).toBe(30_000);
    expect(config.ffmpegPath).toBe('ffmpeg');
  });

  it('reads the config file, and the environment wins over it', () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ port: 9000, libraryDirs: ['/a'], scan: { maxDepth: 3 } }),
    );
    expect(loadConfig({ SASAYAKI_DATA: dir })).toMatchObject({
      port: 9000,
      libraryDirs: ['/a'],
      scan: { maxDepth: 3 },
    });
    const env = loadConfig({
      SASAYAKI_DATA: dir,
      PORT: '7000',
      SASAYAKI_LIBRARY: '/x:/y',
      SASAYAKI_SCAN_DEPTH: '8',
    });
    expect(env).toMatchObject({ port: 7000, libraryDirs: ['/x', '/y'], scan: { maxDepth: 8 } });
    expect(loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_SCAN_LEASE_MS: '5000' }).scan.leaseMs).toBe(5000);
  });

  it('selects PostgreSQL for a postgres:// URL, with a pool of 10 connections', () => {
    const config = loadConfig({ SASAYAKI_DATA: dataDir(), DATABASE_URL: 'postgres://u:p@localhost:5432/db' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@localhost:5432/db',
      poolSize: 10,
    });
  });

  it('takes the PostgreSQL pool size from the config file, and SASAYAKI_PG_POOL_SIZE over it', () => {
    const dir = dataDir();
    const url = 'postgres://u:p@localhost:5432/db';
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ databaseUrl: url, databasePoolSize: 4 }));
    expect(loadConfig({ SASAYAKI_DATA: dir }).database).toEqual({ kind: 'postgres', url, poolSize: 4 });
    expect(loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_PG_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgres',
      url,
      poolSize: 25,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SASAYAKI_SCAN_ON_STARTUP: 'maybe' }, /SASAYAKI_SCAN_ON_STARTUP/],
    [{ SASAYAKI_SCAN_DEPTH: '0' }, /SASAYAKI_SCAN_DEPTH/],
    [{ SASAYAKI_SCAN_LEASE_MS: '999' }, /SASAYAKI_SCAN_LEASE_MS/],
    [{ SASAYAKI_PG_POOL_SIZE: '0' }, /SASAYAKI_PG_POOL_SIZE/],
    [{ SASAYAKI_PG_POOL_SIZE: 'ten' }, /SASAYAKI_PG_POOL_SIZE/],
    [{ SASAYAKI_PG_POOL_SIZE: '1001' }, /SASAYAKI_PG_POOL_SIZE/],
  ])('stops on a bad value and names it: %j', (env, message) => {
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), ...env })).toThrow(message);
  });

  it('names the bad key of a broken config file', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ port: 'x' }));
    expect(() => loadConfig({ SASAYAKI_DATA: dir })).toThrow(/config\.json: port/);
    writeFileSync(join(dir, 'config.json'), '{ nope');
    expect(() => loadConfig({ SASAYAKI_DATA: dir })).toThrow(/not valid JSON/);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ prot: 1 }));
    expect(() => loadConfig({ SASAYAKI_DATA: dir })).toThrow(/config\.json/);
  });
  describe('trustProxy', () => {
    const trust = (value?: string, file?: unknown) => {
      const dir = dataDir();
      if (file !== undefined) writeFileSync(join(dir, 'config.json'), JSON.stringify({ trustProxy: file }));
      return loadConfig({
        SASAYAKI_DATA: dir,
        ...(value === undefined ? {} : { SASAYAKI_TRUST_PROXY: value }),
      }).trustProxy;
    };

    it('is off by default and for off-like values', () => {
      expect(trust()).toBe(false);
      for (const off of ['false', 'off', '0']) expect(trust(off)).toBe(false);
      expect(trust(undefined, false)).toBe(false);
    });

    it('takes addresses, CIDR ranges and named ranges, or a hop count', () => {
      expect(trust('10.0.0.0/8, ::1,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
      expect(trust(undefined, ['192.168.1.10', 'fd00::/8'])).toEqual(['192.168.1.10', 'fd00::/8']);
      expect(trust('2')).toBe(2);
      expect(trust(undefined, 1)).toBe(1);
    });

    it('refuses true, which would let any client choose its address, and what is not an address', () => {
      expect(() => trust('true')).toThrow(/SASAYAKI_TRUST_PROXY: true would trust every client/);
      expect(() => trust(undefined, true)).toThrow(/trustProxy: true would trust every client/);
      expect(() => trust('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an IP address/);
      expect(() => trust('nginx')).toThrow(/"nginx" is not an IP address/);
    });
  });
});
