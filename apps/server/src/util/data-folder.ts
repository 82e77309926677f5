import { mkdirSync, statSync } from 'node:fs';
import type { Logger } from 'pino';

/** Group and other permission bits. */
const OTHERS = 0o077;

/**
 * Makes the data folder, readable by the server's user only (0700): it holds the database, the token
 * signing key and the generated administrator password. A folder that exists keeps its mode, with a
 * warning when others can enter it: the operator made it, may share it on purpose (a backup user, a
 * group of server processes) or may have pointed `SASAYAKI_DATA` at a folder with other contents, and
 * the files that matter are 0600 on their own (db/connection.ts, auth/secrets.ts).
 */
export function prepareDataFolder(dir: string, logger: Pick<Logger, 'warn'>): void {
  if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) return;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & OTHERS) === 0) return;
  logger.warn(
    { dataDir: dir, mode: mode.toString(8) },
    'the data folder can be entered by other users of this machine: chmod 700 it unless that is intended',
  );
}
