import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import type { Config } from '../config/config.js';
import type { AppContext } from '../context.js';
import { adminPasswordFile } from '../services/account.service.js';
import { describeListenAddresses } from './listen-addresses.js';
import type { AccountsFacts, AdminPassword, StartupFacts } from './startup-summary.js';

export interface StartupInput {
  config: Config;
  ctx: Pick<AppContext, 'accounts' | 'runtimeSettings'>;
  /** The sockets Fastify listens on (`app.addresses()`). */
  bound: readonly AddressInfo[];
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
  /** The generated demo library stands in for an unconfigured one. */
  demo: boolean;
  seconds: number;
}

/**
 * Where the administrator's password is: the generated one's file while it exists (it was generated, so
 * `SASAYAKI_ADMIN_PASSWORD`, read only when the account is created, did not set it), else that setting.
 */
function adminPassword(config: Config): AdminPassword {
  const file = adminPasswordFile(config.dataDir);
  if (existsSync(file)) return { kind: 'file', path: file };
  return config.auth.adminPassword ? { kind: 'setting' } : { kind: 'unknown' };
}

/** Guest access and registration as they are now: an administrator may have changed them at run time. */
async function accountsFacts(input: StartupInput): Promise<AccountsFacts> {
  if (!input.config.auth.enabled) return { enabled: false };
  const [settings, admin] = await Promise.all([
    input.ctx.runtimeSettings.get(),
    input.ctx.accounts.firstAdministrator(),
  ]);
  return {
    enabled: true,
    admin: admin.name,
    password: adminPassword(input.config),
    guest: settings.guest,
    registration: settings.registration,
  };
}

/** What the start-up summary says (startup-summary.ts), read once the server listens. */
export async function gatherStartupFacts(input: StartupInput): Promise<StartupFacts> {
  const { config } = input;
  return {
    seconds: input.seconds,
    listen: describeListenAddresses(config.host, input.bound, input.interfaces),
    accounts: await accountsFacts(input),
    library: { demo: input.demo, folders: config.libraryDirs },
    dataDir: config.dataDir,
    database: config.database.kind,
  };
}
