import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from '../../src/auth/secrets.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-secrets-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let folders = 0;
const dataFolder = () => join(base, `data-${folders++}`);

/** Runs the built readOrCreateSecret in a process of its own (`npm test` builds before it tests). */
function secretFromAnotherProcess(data: string): Promise<string> {
  const source = pathToFileURL(join(import.meta.dirname, '../../dist/auth/secrets.js')).href;
  const script = `import(${JSON.stringify(source)}).then((m) => process.stdout.write(Buffer.from(m.readOrCreateSecret(${JSON.stringify(data)}, 'token')).toString('hex')))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

describe('readOrCreateSecret', () => {
  it('makes a key once, owner-only, and gives the same key afterwards', () => {
    const data = dataFolder();
    const first = readOrCreateSecret(data, 'token');
    expect(first.length).toBe(48);
    expect(readOrCreateSecret(data, 'token')).toEqual(first);
    expect(statSync(join(data, 'secrets', 'token.key')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(data, 'secrets'))).toEqual(['token.key']);
  });

  it('refuses a key file that is empty or short instead of signing with it', async () => {
    const data = dataFolder();
    await mkdir(join(data, 'secrets'), { recursive: true });
    writeFileSync(join(data, 'secrets', 'token.key'), '');
    expect(() => readOrCreateSecret(data, 'token')).toThrow(/holds no usable key \(0 bytes\)/);
    writeFileSync(join(data, 'secrets', 'token.key'), 'c2hvcnQ');
    expect(() => readOrCreateSecret(data, 'token')).toThrow(/holds no usable key/);
  });

  it('gives processes started together one and the same key', async () => {
    for (let round = 0; round < 3; round++) {
      const data = dataFolder();
      const keys = await Promise.all(Array.from({ length: 6 }, () => secretFromAnotherProcess(data)));
      expect(keys[0]).toHaveLength(96);
      expect(new Set(keys).size).toBe(1);
      expect(readdirSync(join(data, 'secrets'))).toEqual(['token.key']);
    }
  }, 60_000);
});
