import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { checkAuthExposure, isLoopback } from '../../src/config/exposure.js';
import { hostName } from '../../src/http/plugins/host-check.plugin.js';

const RISK = 'i-understand-anyone-can-administer';
const config = (env: Record<string, string>) =>
  loadConfig({ SASAYAKI_DATA: mkdtempSync(join(tmpdir(), 'sasayaki-exposure-')), ...env });
const logger = () => ({ warn: vi.fn() });

describe('isLoopback', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
    'localhost.',
  ])('%s is loopback', (host) => expect(isLoopback(host)).toBe(true));
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1'])(
    '%s is not',
    (host) => expect(isLoopback(host)).toBe(false),
  );
});

/** Finding 3 of the audit: accounts off on 0.0.0.0 made every visitor an administrator, silently. */
describe('checkAuthExposure', () => {
  it('refuses accounts off on every interface, naming the setting that would accept it', () => {
    const log = logger();
    const off = config({ SASAYAKI_AUTH: 'false', HOST: '0.0.0.0' });
    expect(() => checkAuthExposure(off, log)).toThrow(ConfigError);
    expect(() => checkAuthExposure(off, log)).toThrow(
      /SASAYAKI_AUTH.*HOST=0\.0\.0\.0.*SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS=i-understand-anyone-can-administer/,
    );
    expect(() => checkAuthExposure(config({ SASAYAKI_AUTH: 'false', HOST: '192.168.1.10' }), log)).toThrow(
      ConfigError,
    );
  });

  it('starts on the default address, localhost, with a warning', () => {
    const log = logger();
    checkAuthExposure(config({ SASAYAKI_AUTH: 'false' }), log);
    expect(log.warn).toHaveBeenCalledWith({ host: 'localhost' }, expect.stringContaining('accounts are off'));
  });

  it('starts on a loopback address, with a warning', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      const log = logger();
      checkAuthExposure(config({ SASAYAKI_AUTH: 'false', HOST: host }), log);
      expect(log.warn).toHaveBeenCalledWith({ host }, expect.stringContaining('accounts are off'));
    }
  });

  it('starts on a public address when the risk is accepted in words, with a warning', () => {
    const log = logger();
    checkAuthExposure(
      config({ SASAYAKI_AUTH: 'false', HOST: '0.0.0.0', SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS: RISK }),
      log,
    );
    expect(log.warn).toHaveBeenCalledWith({ host: '0.0.0.0' }, expect.stringContaining('public address'));
  });

  it('says nothing with accounts on', () => {
    const log = logger();
    checkAuthExposure(config({}), log);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('takes no other value for the acceptance', () => {
    for (const value of ['true', '1', 'yes'])
      expect(() => config({ SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS: value })).toThrow(
        /SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS: the only value is "i-understand-anyone-can-administer"/,
      );
  });
});

describe('SASAYAKI_PUBLIC_HOSTS and SASAYAKI_REQUEST_TIMEOUT', () => {
  it('reads host names, comma-separated, in lower case', () => {
    expect(config({ SASAYAKI_PUBLIC_HOSTS: ' Music.Example.com, nas.local. ,' }).publicHosts).toEqual([
      'music.example.com',
      'nas.local',
    ]);
    expect(config({}).publicHosts).toEqual([]);
  });

  it('refuses a URL or a port where a name belongs', () => {
    expect(() => config({ SASAYAKI_PUBLIC_HOSTS: 'https://music.example.com' })).toThrow(
      /SASAYAKI_PUBLIC_HOSTS/,
    );
    expect(() => config({ SASAYAKI_PUBLIC_HOSTS: 'music.example.com:8888' })).toThrow(
      /SASAYAKI_PUBLIC_HOSTS/,
    );
  });

  it('reads the request timeout in seconds, 30 by default', () => {
    expect(config({}).limits.requestTimeoutMs).toBe(30_000);
    expect(config({ SASAYAKI_REQUEST_TIMEOUT: '5' }).limits.requestTimeoutMs).toBe(5000);
    expect(() => config({ SASAYAKI_REQUEST_TIMEOUT: '0' })).toThrow(/SASAYAKI_REQUEST_TIMEOUT/);
  });
});

describe('hostName', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM:8888', 'example.com'],
    ['example.com.:80', 'example.com'],
    ['127.0.0.1:8888', '127.0.0.1'],
    ['[::1]:8888', '::1'],
    ['[fe80::1]', 'fe80::1'],
  ])('%s is %s', (header, name) => expect(hostName(header)).toBe(name));
});
