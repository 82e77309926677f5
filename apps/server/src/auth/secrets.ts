import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret generated on first start and kept in `<data>/secrets/`, readable only by the server's user.
 * Several server processes behind one load balancer must share it (share the data folder).
 */
export function readOrCreateSecret(dataDir: string, name: string): Uint8Array {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48);
  // 'wx' fails if another process created it meanwhile; then its secret wins.
  try {
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  }
  chmodSync(file, 0o600);
  return secret;
}

/** Writes a file only its owner can read (the generated administrator password). */
export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}
