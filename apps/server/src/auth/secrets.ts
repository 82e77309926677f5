import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Shorter than this, a key file is damaged: signing with it would be a 500 or a guessable key. */
const MIN_SECRET_BYTES = 32;

/**
 * A secret generated on first start and kept in `<data>/secrets/`, readable only by the server's user.
 * Several server processes behind one load balancer must share it (share the data folder). The key is
 * written whole under a name of its own and then linked into place, so processes starting together never
 * read a key file another one has created but not yet written (an empty key: every login a 500), and
 * `link` failing on an existing file makes the first key win.
 */
export function readOrCreateSecret(dataDir: string, name: string): Uint8Array {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  if (existsSync(file)) return readSecret(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48);
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.draft`;
  writeFileSync(draft, secret.toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecret(file);
  } finally {
    rmSync(draft, { force: true });
  }
}

function readSecret(file: string): Uint8Array {
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < MIN_SECRET_BYTES)
    throw new Error(
      `${file} holds no usable key (${secret.length} bytes): remove it and start again to have a new one made (everyone is signed out)`,
    );
  return secret;
}

/** Writes a file only its owner can read (the generated administrator password). */
export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}
