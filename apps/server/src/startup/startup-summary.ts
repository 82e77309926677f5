import { isAbsolute, relative, sep } from 'node:path';
import type { Logger } from 'pino';
import type { LogFormat } from '../config/config.js';
import type { ListenAddresses } from './listen-addresses.js';

/** Where the administrator's password can be found. */
export type AdminPassword =
  /** Generated at the first start, printed once and saved in this file. */
  | { kind: 'file'; path: string }
  /** Given by `SASAYAKI_ADMIN_PASSWORD` when the account was created. */
  | { kind: 'setting' }
  /** Set earlier; the generated password's file has been removed. */
  | { kind: 'unknown' };

export type AccountsFacts =
  | { enabled: false }
  | { enabled: true; admin: string; password: AdminPassword; guest: boolean; registration: boolean };

/** Everything the start-up summary says, gathered by startup-facts.ts. */
export interface StartupFacts {
  /** From the start of `serve` to listening. */
  seconds: number;
  listen: ListenAddresses;
  accounts: AccountsFacts;
  library: { demo: boolean; folders: string[] };
  dataDir: string;
  database: 'sqlite' | 'postgres';
}

const LABEL_WIDTH = 14;
const FOLDERS_SHOWN = 3;

/** A path under the working folder as `./data/…` (what the person who typed `npm start` recognises). */
export function displayPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  if (inside === '') return '.';
  if (inside.startsWith('..') || isAbsolute(inside)) return path;
  return `.${sep}${inside}`;
}

function row(label: string, lines: string[]): string[] {
  return lines.map((line, index) => `  ${(index === 0 ? label : '').padEnd(LABEL_WIDTH)} ${line}`);
}

/** Who "anyone" is, so that guest access and open registration say what they open. */
function anyone(listen: ListenAddresses): string {
  return listen.scope === 'this-machine'
    ? 'anyone using this machine'
    : 'anyone who can reach this server on the network';
}

function listeningLines(listen: ListenAddresses): string[] {
  const on = listen.interfaces.map((entry) => `${entry.name} ${entry.address}`).join(', ');
  if (listen.scope === 'this-machine') {
    return [
      `this machine only: ${listen.sockets.join(', ')}`,
      'other devices cannot connect; to let them, start with HOST=0.0.0.0',
    ];
  }
  if (listen.scope === 'every-interface') {
    return [`every network interface (${listen.sockets.join(', ')})${on ? `: ${on}` : ''}`];
  }
  return [`${listen.sockets.join(', ')}${on ? ` (${on})` : ''}`];
}

function passwordText(password: AdminPassword, admin: string, cwd: string): string {
  if (password.kind === 'file')
    return `generated password in ${displayPath(password.path, cwd)} (delete it once you have changed it)`;
  if (password.kind === 'setting') return 'password from SASAYAKI_ADMIN_PASSWORD';
  return `password set earlier (forgotten: node apps/server/dist/main.js user passwd ${admin})`;
}

function accountLines(accounts: AccountsFacts, listen: ListenAddresses, cwd: string): string[] {
  if (!accounts.enabled)
    return row('Accounts', ['off (SASAYAKI_AUTH=false): whoever connects is the administrator']);
  const who = anyone(listen);
  return [
    ...row('Administrator', [`${accounts.admin}, ${passwordText(accounts.password, accounts.admin, cwd)}`]),
    ...row('Guests', [
      accounts.guest
        ? `on: ${who} can browse and listen as guest / guest (SASAYAKI_GUEST=false turns it off)`
        : 'off',
    ]),
    ...row('Registration', [
      accounts.registration
        ? `open: ${who} can create an account (Settings, or SASAYAKI_REGISTRATION=false)`
        : 'closed: the administrator creates accounts (/admin/users)',
    ]),
  ];
}

function libraryText(library: StartupFacts['library'], cwd: string): string {
  const [first] = library.folders;
  if (library.demo && first)
    return `the demo library in ${displayPath(first, cwd)} (SASAYAKI_LIBRARY for your own)`;
  const shown = library.folders.slice(0, FOLDERS_SHOWN).map((folder) => displayPath(folder, cwd));
  const more = library.folders.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The block a person reads at a terminal after `npm start`: one glance says how to get in and who else can. */
export function startupBlock(facts: StartupFacts, cwd: string): string {
  const database = facts.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  return [
    `Sasayaki is ready (started in ${facts.seconds.toFixed(1)} s)`,
    '',
    ...row('Open', facts.listen.urls),
    ...row('Listening on', listeningLines(facts.listen)),
    ...accountLines(facts.accounts, facts.listen, cwd),
    ...row('Library', [libraryText(facts.library, cwd)]),
    ...row('Data', [`${displayPath(facts.dataDir, cwd)} (${database})`]),
  ].join('\n');
}

/** The same facts as one JSON log line's message and fields, for logs read by machines. */
export function startupRecord(facts: StartupFacts): { message: string; fields: Record<string, unknown> } {
  const scope = facts.listen.scope === 'this-machine' ? ' (this machine only)' : '';
  return {
    message: `Sasayaki is ready at ${facts.listen.urls[0] ?? 'an unknown address'}${scope}`,
    fields: {
      startup: {
        seconds: Math.round(facts.seconds * 10) / 10,
        urls: facts.listen.urls,
        listening: {
          scope: facts.listen.scope,
          sockets: facts.listen.sockets,
          interfaces: facts.listen.interfaces,
        },
        accounts: facts.accounts,
        library: facts.library,
        dataDir: facts.dataDir,
        database: facts.database,
      },
    },
  };
}

/** Writes the summary as the log's format wants it: the block for a person, one JSON record for machines. */
export function announceStartup(
  logger: Pick<Logger, 'info'>,
  format: LogFormat,
  facts: StartupFacts,
  cwd: string,
): void {
  if (format === 'pretty') {
    logger.info(startupBlock(facts, cwd));
    return;
  }
  const record = startupRecord(facts);
  logger.info(record.fields, record.message);
}
