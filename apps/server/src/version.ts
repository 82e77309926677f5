import { readFileSync } from 'node:fs';

/** The server's semver, from its package.json (one source of truth for `/api/version` and the CLI). */
export const SERVER_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
