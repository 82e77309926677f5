import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from './secrets.js';

/**
 * Passwords of accounts imported from kikoeru-express, which stores md5(password + md5secret) as lower-case
 * hex (npm `md5` over the UTF-8 bytes; `md5secret` is one random string per installation, in its
 * config.json). Such a hash is kept as `$kikoeru-md5$<secret id>$<md5 hex>` until the user's next login,
 * which checks it once and replaces it with an argon2id hash (services/account.service.ts).
 *
 * The secret itself never goes into the database: it is kept in `<data>/secrets/kikoeru-md5-<id>.key`
 * (owner-readable, like the token key), so a copy of the database alone does not give the salt that an
 * offline guess at the md5 hashes needs. The id (a digest prefix of the secret) lets imports from two
 * kikoeru installations with different secrets live side by side. An import without the secret stores
 * an empty id: no password matches it until an administrator sets one (`sasayaki user passwd NAME`) or
 * the import runs again with the config.
 */
const PREFIX = '$kikoeru-md5$';
const MD5_HEX = /^[0-9a-f]{32}$/;

export function isKikoeruHash(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** A short, stable name for a secret that does not reveal it (sha256 prefix). */
export function kikoeruSecretId(secret: string): string {
  return createHash('sha256').update(`kikoeru-md5secret:${secret}`, 'utf8').digest('hex').slice(0, 16);
}

/** The stored form of a kikoeru md5 hash; `secretId` null when the import had no secret. */
export function kikoeruPasswordHash(md5Hex: string, secretId: string | null): string {
  return `${PREFIX}${secretId ?? ''}$${md5Hex.toLowerCase()}`;
}

/** kikoeru's own hash of a password: md5 of the UTF-8 bytes of password + secret, lower-case hex. */
export function kikoeruMd5(password: string, secret: string): string {
  return createHash('md5')
    .update(password + secret, 'utf8')
    .digest('hex');
}

export function isMd5Hex(value: string): boolean {
  return MD5_HEX.test(value);
}

function secretFile(dataDir: string, secretId: string): string {
  return join(dataDir, 'secrets', `kikoeru-md5-${secretId}.key`);
}

/** Keeps the secret where logins find it (once per secret; the file is the owner's only). */
export function saveKikoeruSecret(dataDir: string, secret: string): string {
  const id = kikoeruSecretId(secret);
  const file = secretFile(dataDir, id);
  if (!existsSync(file)) {
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    writePrivateFile(file, secret);
  }
  return id;
}

/** Secrets read by this process, by id: a login of an imported user reads its file once. */
const knownSecrets = new Map<string, string>();

function readKikoeruSecret(dataDir: string, secretId: string): string | null {
  const known = knownSecrets.get(secretId);
  if (known !== undefined) return known;
  const file = secretFile(dataDir, secretId);
  if (!/^[0-9a-f]{16}$/.test(secretId) || !existsSync(file)) return null;
  const secret = readFileSync(file, 'utf8');
  // A file that does not hold the secret its name promises (edited, truncated) matches no password.
  if (kikoeruSecretId(secret) !== secretId) return null;
  knownSecrets.set(secretId, secret);
  return secret;
}

/**
 * Whether the password is the one behind a stored kikoeru hash, compared in constant time. False when
 * the hash is not one, has no secret or its secret is not in the data folder.
 */
export function verifyKikoeruPassword(stored: string, password: string, dataDir: string): boolean {
  if (!isKikoeruHash(stored)) return false;
  const [secretId = '', md5Hex = ''] = stored.slice(PREFIX.length).split('$');
  if (!secretId || !isMd5Hex(md5Hex)) return false;
  const secret = readKikoeruSecret(dataDir, secretId);
  if (secret === null) return false;
  return timingSafeEqual(Buffer.from(kikoeruMd5(password, secret), 'hex'), Buffer.from(md5Hex, 'hex'));
}
