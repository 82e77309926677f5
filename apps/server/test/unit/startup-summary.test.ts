import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { describeListenAddresses } from '../../src/startup/listen-addresses.js';
import { gatherStartupFacts } from '../../src/startup/startup-facts.js';
import {
  type AccountsFacts,
  announceStartup,
  displayPath,
  type StartupFacts,
  startupBlock,
  startupRecord,
} from '../../src/startup/startup-summary.js';

const socket = (address: string, port = 8888): AddressInfo => ({
  address,
  port,
  family: address.includes(':') ? 'IPv6' : 'IPv4',
});

function nic(address: string, internal = false): NetworkInterfaceInfo {
  const ipv6 = address.includes(':');
  return {
    address,
    internal,
    netmask: ipv6 ? 'ffff:ffff:ffff:ffff::' : '255.255.255.0',
    mac: '00:00:00:00:00:00',
    cidr: null,
    ...(ipv6 ? { family: 'IPv6', scopeid: 0 } : { family: 'IPv4' }),
  } as NetworkInterfaceInfo;
}

/** A laptop: loopback, Wi-Fi with an IPv4, a global and a link-local IPv6 address, and a Docker bridge. */
const LAPTOP = {
  lo: [nic('127.0.0.1', true), nic('::1', true)],
  wlan0: [nic('192.168.1.20'), nic('2001:db8::20'), nic('fe80::1c2b:3ff:fe4d:5e6f')],
  docker0: [nic('172.17.0.1')],
};

const CWD = '/home/me/sasayaki';
const ACCOUNTS: AccountsFacts = {
  enabled: true,
  admin: 'admin',
  password: { kind: 'file', path: `${CWD}/data/admin-password.txt` },
  guest: true,
  registration: true,
};

function facts(overrides: Partial<StartupFacts> = {}): StartupFacts {
  return {
    seconds: 2.34,
    listen: describeListenAddresses('localhost', [socket('127.0.0.1'), socket('::1')], LAPTOP),
    accounts: ACCOUNTS,
    library: { demo: true, folders: [`${CWD}/data/demo-library`] },
    dataDir: `${CWD}/data`,
    database: 'sqlite',
    ...overrides,
  };
}

describe('describeListenAddresses', () => {
  it('localhost: this machine only, on both loopback addresses, opened as localhost', () => {
    expect(describeListenAddresses('localhost', [socket('127.0.0.1'), socket('::1')], LAPTOP)).toEqual({
      scope: 'this-machine',
      sockets: ['127.0.0.1:8888', '[::1]:8888'],
      interfaces: [
        { name: 'lo', address: '127.0.0.1' },
        { name: 'lo', address: '::1' },
      ],
      urls: ['http://localhost:8888'],
    });
  });

  it('a loopback address is opened by that address', () => {
    expect(describeListenAddresses('127.0.0.1', [socket('127.0.0.1', 9000)], LAPTOP).urls).toEqual([
      'http://127.0.0.1:9000',
    ]);
  });

  it('0.0.0.0: every IPv4 interface, with an address to open from each network', () => {
    const listen = describeListenAddresses('0.0.0.0', [socket('0.0.0.0')], LAPTOP);
    expect(listen.scope).toBe('every-interface');
    expect(listen.interfaces).toEqual([
      { name: 'lo', address: '127.0.0.1' },
      { name: 'wlan0', address: '192.168.1.20' },
      { name: 'docker0', address: '172.17.0.1' },
    ]);
    expect(listen.urls).toEqual([
      'http://localhost:8888',
      'http://192.168.1.20:8888',
      'http://172.17.0.1:8888',
    ]);
  });

  it(':: takes IPv6 too; a link-local address is listed but not offered as a URL', () => {
    const listen = describeListenAddresses('::', [socket('::')], LAPTOP);
    expect(listen.interfaces).toContainEqual({ name: 'wlan0', address: 'fe80::1c2b:3ff:fe4d:5e6f' });
    expect(listen.urls).toEqual([
      'http://localhost:8888',
      'http://192.168.1.20:8888',
      'http://[2001:db8::20]:8888',
      'http://172.17.0.1:8888',
    ]);
  });

  it('one address: that socket and its interface', () => {
    expect(describeListenAddresses('192.168.1.20', [socket('192.168.1.20')], LAPTOP)).toEqual({
      scope: 'some-addresses',
      sockets: ['192.168.1.20:8888'],
      interfaces: [{ name: 'wlan0', address: '192.168.1.20' }],
      urls: ['http://192.168.1.20:8888'],
    });
  });
});

describe('the start-up block', () => {
  it('on a laptop by default: the address, this machine only and how to open it up, the admin, guests, registration', () => {
    const block = startupBlock(facts(), CWD);
    expect(block).toBe(
      [
        'Sasayaki is ready (started in 2.3 s)',
        '',
        '  Open           http://localhost:8888',
        '  Listening on   this machine only: 127.0.0.1:8888, [::1]:8888',
        '                 other devices cannot connect; to let them, start with HOST=0.0.0.0',
        '  Administrator  admin, generated password in ./data/admin-password.txt (delete it once you have changed it)',
        '  Guests         on: anyone using this machine can browse and listen as guest / guest (SASAYAKI_GUEST=false turns it off)',
        '  Registration   open: anyone using this machine can create an account (Settings, or SASAYAKI_REGISTRATION=false)',
        '  Library        the demo library in ./data/demo-library (SASAYAKI_LIBRARY for your own)',
        '  Data           ./data (SQLite)',
      ].join('\n'),
    );
  });

  it('on every interface: each address to open, the interfaces, and that the network can come in', () => {
    const block = startupBlock(
      facts({ listen: describeListenAddresses('0.0.0.0', [socket('0.0.0.0')], LAPTOP) }),
      CWD,
    );
    expect(block).toContain(
      '  Open           http://localhost:8888\n                 http://192.168.1.20:8888\n                 http://172.17.0.1:8888\n',
    );
    expect(block).toContain(
      '  Listening on   every network interface (0.0.0.0:8888): lo 127.0.0.1, wlan0 192.168.1.20, docker0 172.17.0.1\n',
    );
    expect(block).toContain('Guests         on: anyone who can reach this server on the network can browse');
    expect(block).toContain(
      'Registration   open: anyone who can reach this server on the network can create',
    );
    expect(block).not.toContain('HOST=0.0.0.0');
  });

  it('guests off and registration closed say so', () => {
    const block = startupBlock(facts({ accounts: { ...ACCOUNTS, guest: false, registration: false } }), CWD);
    expect(block).toContain('  Guests         off\n');
    expect(block).toContain('  Registration   closed: the administrator creates accounts (/admin/users)\n');
  });

  it('accounts off: one line instead of the administrator, guests and registration', () => {
    const block = startupBlock(facts({ accounts: { enabled: false } }), CWD);
    expect(block).toContain(
      '  Accounts       off (SASAYAKI_AUTH=false): whoever connects is the administrator\n',
    );
    expect(block).not.toMatch(/Administrator|Guests|Registration/);
  });

  it('names where the password comes from when it is not in the file', () => {
    const set = startupBlock(facts({ accounts: { ...ACCOUNTS, password: { kind: 'setting' } } }), CWD);
    expect(set).toContain('  Administrator  admin, password from SASAYAKI_ADMIN_PASSWORD\n');
    const gone = startupBlock(
      facts({ accounts: { ...ACCOUNTS, admin: 'keeper', password: { kind: 'unknown' } } }),
      CWD,
    );
    expect(gone).toContain(
      'keeper, password set earlier (forgotten: node apps/server/dist/main.js user passwd keeper)',
    );
  });

  it('lists a configured library, at most three folders, and PostgreSQL', () => {
    const folders = ['/srv/a', '/srv/b', '/srv/c', '/srv/d', '/srv/e'];
    const block = startupBlock(
      facts({ library: { demo: false, folders }, database: 'postgres', dataDir: '/var/lib/sasayaki' }),
      CWD,
    );
    expect(block).toContain('  Library        /srv/a, /srv/b, /srv/c and 2 more\n');
    expect(block).toContain('  Data           /var/lib/sasayaki (PostgreSQL)');
  });

  it('displays paths under the working folder relative to it', () => {
    expect(displayPath(`${CWD}/data`, CWD)).toBe('./data');
    expect(displayPath(CWD, CWD)).toBe('.');
    expect(displayPath('/home/me/other', CWD)).toBe('/home/me/other');
  });
});

describe('announcing the start', () => {
  it('as the block on a terminal, as one JSON record with the same facts otherwise', () => {
    const pretty = { info: vi.fn() };
    announceStartup(pretty, 'pretty', facts(), CWD);
    expect(pretty.info).toHaveBeenCalledWith(startupBlock(facts(), CWD));

    const json = { info: vi.fn() };
    announceStartup(json, 'json', facts(), CWD);
    const [fields, message] = json.info.mock.calls[0] ?? [];
    expect(message).toBe('Sasayaki is ready at http://localhost:8888 (this machine only)');
    expect(fields).toEqual(startupRecord(facts()).fields);
    expect(fields.startup).toMatchObject({
      urls: ['http://localhost:8888'],
      listening: { scope: 'this-machine', sockets: ['127.0.0.1:8888', '[::1]:8888'] },
      accounts: { enabled: true, admin: 'admin', guest: true, registration: true },
      seconds: 2.3,
    });
  });
});

describe('gathering the facts', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-startup-'));
  const ctx = (settings: { guest: boolean; registration: boolean }) => ({
    runtimeSettings: { get: async () => ({ ...settings, dlsiteFetch: false }) },
    accounts: {
      firstAdministrator: async () => ({ id: 1, name: 'keeper', group: 'administrator' as const }),
    },
  });

  it('reads guest access and registration as they are now, and finds the generated password file', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'admin-password.txt'), 'keeper\nsecret\n');
    const config = loadConfig({ SASAYAKI_DATA: dir });
    const gathered = await gatherStartupFacts({
      config,
      ctx: ctx({ guest: false, registration: true }) as never,
      bound: [socket('127.0.0.1'), socket('::1')],
      interfaces: LAPTOP,
      demo: true,
      seconds: 1,
    });
    expect(gathered.accounts).toEqual({
      enabled: true,
      admin: 'keeper',
      password: { kind: 'file', path: join(dir, 'admin-password.txt') },
      guest: false,
      registration: true,
    });
    expect(gathered.listen.scope).toBe('this-machine');
  });

  it('without the file: the setting when one was given, else unknown; accounts off says only that', async () => {
    const input = {
      ctx: ctx({ guest: true, registration: false }) as never,
      bound: [socket('127.0.0.1')],
      interfaces: LAPTOP,
      demo: false,
      seconds: 1,
    };
    const dir = dataDir();
    const given = await gatherStartupFacts({
      ...input,
      config: loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_ADMIN_PASSWORD: 'chosen-password' }),
    });
    expect(given.accounts).toMatchObject({ password: { kind: 'setting' } });
    const unknown = await gatherStartupFacts({ ...input, config: loadConfig({ SASAYAKI_DATA: dir }) });
    expect(unknown.accounts).toMatchObject({ password: { kind: 'unknown' } });
    const off = await gatherStartupFacts({
      ...input,
      config: loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_AUTH: 'false' }),
    });
    expect(off.accounts).toEqual({ enabled: false });
  });
});

describe('the address it listens on', () => {
  it('is this machine only unless HOST says otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sasayaki-host-'));
    expect(loadConfig({ SASAYAKI_DATA: dir }).host).toBe('localhost');
    expect(loadConfig({ SASAYAKI_DATA: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
