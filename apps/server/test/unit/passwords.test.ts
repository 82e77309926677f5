import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyNothing, verifyPassword } from '../../src/auth/passwords.js';

describe('password hashing (in its own low-priority thread)', () => {
  it('hashes with argon2id and verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('salts every hash and serves concurrent calls', async () => {
    const hashes = await Promise.all(['a-password', 'a-password', 'another'].map((p) => hashPassword(p)));
    expect(new Set(hashes).size).toBe(3);
    const checks = await Promise.all(hashes.map((stored) => verifyPassword(stored, 'a-password')));
    expect(checks).toEqual([true, true, false]);
  });

  it('rejects stored values that are not argon2 hashes, even malformed ones', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(await verifyPassword('$argon2id$broken', 'x')).toBe(false);
    await expect(verifyNothing('whatever')).resolves.toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('runs at nice 10 in one thread, not the whole process', async () => {
    await hashPassword('warm the worker');
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the command in parentheses).
    const niceOf = (path: string) => Number(readFileSync(path, 'utf8').split(') ')[1]?.split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
    expect(threads).toContain(10);
    expect(niceOf('/proc/self/stat')).toBe(0);
  });

  // A command such as `sasayaki scan` hashes at start-up and must neither exit before the answer (an
  // unreferenced worker) nor hang after it (a referenced idle one). The built module (tsc -b runs before
  // the tests) in a process of its own shows both.
  const built = fileURLToPath(new URL('../../dist/auth/passwords.js', import.meta.url));
  it.runIf(existsSync(built))('keeps a process alive while hashing, and lets it end after', async () => {
    const script = `import { hashPassword } from ${JSON.stringify(built)};
      console.log(await hashPassword('x'));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 20_000,
    });
    expect(stdout).toMatch(/^\$argon2id\$/);
  });
});
