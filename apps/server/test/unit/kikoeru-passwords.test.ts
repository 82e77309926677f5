import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isKikoeruHash,
  kikoeruMd5,
  kikoeruPasswordHash,
  kikoeruSecretId,
  saveKikoeruSecret,
  verifyKikoeruPassword,
} from '../../src/auth/kikoeru-passwords.js';

describe('kikoeru passwords', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-kikoeru-pw-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('hashes as kikoeru does: md5 of the UTF-8 bytes of password + secret, lower-case hex', () => {
    expect(kikoeruMd5('pass', 'word')).toBe('5f4dcc3b5aa765d61d8327deb882cf99');
    expect(kikoeruMd5('パスワード', 'salt')).toBe('c6512217713e40e476edc26db6e4dd1b');
  });

  it('accepts the right password only, and only with the secret kept in the data folder', () => {
    const secret = 'f00d'.repeat(16);
    const stored = kikoeruPasswordHash(
      kikoeruMd5('right-password', secret).toUpperCase(),
      kikoeruSecretId(secret),
    );
    expect(isKikoeruHash(stored)).toBe(true);
    expect(stored).not.toContain(secret);
    // The secret's file is not there yet.
    expect(verifyKikoeruPassword(stored, 'right-password', dataDir)).toBe(false);
    expect(saveKikoeruSecret(dataDir, secret)).toBe(kikoeruSecretId(secret));
    expect(
      statSync(join(dataDir, 'secrets', `kikoeru-md5-${kikoeruSecretId(secret)}.key`)).mode & 0o777,
    ).toBe(0o600);
    expect(verifyKikoeruPassword(stored, 'right-password', dataDir)).toBe(true);
    expect(verifyKikoeruPassword(stored, 'wrong-password', dataDir)).toBe(false);
    expect(verifyKikoeruPassword(stored, 'right-password ', dataDir)).toBe(false);
  });

  it('refuses hashes without a secret, of another shape, or whose secret file was changed', () => {
    const secret = 'another secret';
    const md5 = kikoeruMd5('pw123', secret);
    expect(verifyKikoeruPassword(kikoeruPasswordHash(md5, null), 'pw123', dataDir)).toBe(false);
    expect(verifyKikoeruPassword(`$kikoeru-md5$${kikoeruSecretId(secret)}$abc`, 'pw123', dataDir)).toBe(
      false,
    );
    expect(verifyKikoeruPassword('$argon2id$v=19$whatever', 'pw123', dataDir)).toBe(false);
    const id = saveKikoeruSecret(dataDir, secret);
    writeFileSync(join(dataDir, 'secrets', `kikoeru-md5-${id}.key`), 'edited');
    expect(verifyKikoeruPassword(kikoeruPasswordHash(md5, id), 'pw123', dataDir)).toBe(false);
  });
});
