import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserGroup } from '@sasayaki/api-contract';
import { ACCOUNTS_ON, ADMIN, login } from '../../helpers/accounts.js';
import { png, WORKINFO, wav } from '../../helpers/hostile-library.js';
import { type DatabaseKind, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Who calls: nobody (no token), and one account of each group. */
export const CALLERS = ['nobody', 'guest', 'member', 'administrator'] as const;
export type Caller = (typeof CALLERS)[number];

/** The signed-in callers' accounts: the suites may damage them (admin routes), `restoreAccounts` repairs. */
const ACCOUNTS: Record<Exclude<Caller, 'nobody'>, { name: string; password: string; group: UserGroup }> = {
  guest: { name: 'guest', password: 'guest', group: 'guest' },
  member: { name: 'member', password: 'member-password', group: 'user' },
  administrator: { name: ADMIN.name, password: ADMIN.password, group: 'administrator' },
};

/** Ids that exist after the scan, so generated requests reach past "not found" into the real code. */
export interface KnownIds {
  works: number[];
  files: Array<{ workId: number; fileId: number }>;
  circles: number[];
  tags: number[];
  vas: string[];
}

export interface AttackServer {
  server: TestServer;
  known: KnownIds;
  /** Each caller's current token (null for nobody). */
  token(caller: Caller): string | null;
  /** Puts the callers' accounts and the runtime settings back as they were, after a request changed them. */
  restoreAccounts(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A tiny library on disk: audio in a sub-folder, a subtitle, a cover, a text file, a workinfo.json with
 * labels, and a Japanese folder name. Small enough that a full scan, a ZIP or a cover takes milliseconds.
 */
async function writeTinyLibrary(root: string): Promise<void> {
  const write = (path: string, content: Buffer | string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('RJ100001 First/01 intro.wav', wav(0.1));
  write('RJ100001 First/01 intro.lrc', '[00:00.00]hello\n');
  write('RJ100001 First/extra/02 more.wav', wav(0.1));
  write('RJ100001 First/readme.txt', 'hello');
  write('RJ100001 First/cover.png', await png());
  write('RJ100001 First/workinfo.json', JSON.stringify(WORKINFO));
  write('[サークル] 作品 RJ01000002/track.wav', wav(0.1));
}

/**
 * A server with accounts on, a scanned tiny library, and a token for each caller. Limits are raised so
 * that thousands of requests reach the routes instead of the rate limiter (429 stays a valid answer).
 */
export async function startAttackServer(kind: DatabaseKind): Promise<AttackServer> {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-attack-'));
  const library = join(base, 'library');
  await writeTinyLibrary(library);
  const server = await startTestServer(kind, {
    ...ACCOUNTS_ON,
    SASAYAKI_LIBRARY: library,
    SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '1000000',
    SASAYAKI_GUEST_STREAMS: '1000',
    SASAYAKI_LOGIN_FAILURES_PER_MINUTE: '1000000',
    SASAYAKI_LOGIN_ADDRESS_FAILURES_PER_MINUTE: '1000000',
  });
  const { ctx } = server;
  await ctx.scans.run('full');

  const tokens: Partial<Record<Caller, string>> = {};
  const signIn = async (caller: Exclude<Caller, 'nobody'>) => {
    const account = ACCOUNTS[caller];
    tokens[caller] = await login(server, account.name, account.password);
  };
  await ctx.userAdmin.create(ACCOUNTS.member.name, ACCOUNTS.member.password, ACCOUNTS.member.group);
  for (const caller of ['guest', 'member', 'administrator'] as const) await signIn(caller);
  const defaults = await ctx.runtimeSettings.get();

  const db = ctx.database.db;
  const known: KnownIds = {
    works: (await db.selectFrom('works').select('id').execute()).map((row) => row.id),
    files: (await db.selectFrom('files').select(['work_id', 'file_id']).execute()).map((row) => ({
      workId: row.work_id,
      fileId: row.file_id,
    })),
    circles: (await db.selectFrom('circles').select('id').execute()).map((row) => row.id),
    tags: (await db.selectFrom('tags').select('id').execute()).map((row) => row.id),
    vas: (await db.selectFrom('vas').select('id').execute()).map((row) => row.id),
  };

  return {
    server,
    known,
    token: (caller) => (caller === 'nobody' ? null : (tokens[caller] ?? null)),
    async restoreAccounts() {
      await ctx.runtimeSettings.update(defaults);
      ctx.accounts.forgetSessions();
      for (const caller of ['guest', 'member', 'administrator'] as const) {
        const account = ACCOUNTS[caller];
        const user = await ctx.accounts.userForToken(tokens[caller] as string);
        if (user?.name === account.name && user.group === account.group) continue;
        // Deleted, renamed, regrouped or given a new password by the request: set it back, sign in again.
        const row = await ctx.users.findByName(account.name);
        if (!row) await ctx.userAdmin.create(account.name, account.password, account.group);
        else await ctx.userAdmin.update(account.name, { group: account.group, password: account.password });
        await signIn(caller);
      }
    },
    async close() {
      await ctx.scans.waitForLocalScan();
      await server.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
