import { describe, expect, it } from 'vitest';
import { AttemptLimits, TooManyAttempts } from '../../src/auth/attempt-limits.js';
import { MemoryRateLimiter } from '../../src/auth/rate-limiter.js';

const SETTINGS = { loginFailuresPerMinute: 3, loginAddressFailuresPerMinute: 5, loginSlowdownMaxMs: 1000 };

function limits(settings = SETTINGS) {
  const waits: number[] = [];
  let now = 1_200_000; // the start of a one-minute window
  const attempts = new AttemptLimits(new MemoryRateLimiter(() => now), settings, async (ms) => {
    waits.push(ms);
  });
  return { attempts, waits, later: (ms: number) => (now += ms) };
}

describe('AttemptLimits: logins', () => {
  it('refuses an address on a name after its failures there, with the seconds left in the window', async () => {
    const { attempts, later } = limits();
    later(15_000);
    for (let i = 0; i < 3; i++) {
      await attempts.beforeLogin('admin', '10.0.0.66');
      await attempts.loginFailed('admin', '10.0.0.66');
    }
    const refused = await attempts.beforeLogin('admin', '10.0.0.66').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).headers['Retry-After']).toBe('45');
    later(45_000);
    await expect(attempts.beforeLogin('admin', '10.0.0.66')).resolves.toBeUndefined();
  });

  it('refuses an address after its failures on any names', async () => {
    const { attempts } = limits();
    for (const name of ['alice', 'bobby', 'carol', 'david', 'erika'])
      await attempts.loginFailed(name, '10.0.0.66');
    await expect(attempts.beforeLogin('frank', '10.0.0.66')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempts.beforeLogin('frank', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('never refuses or slows a clean address on a name under attack', async () => {
    const { attempts, waits } = limits();
    for (let i = 0; i < 50; i++) await attempts.loginFailed('admin', `10.0.1.${i}`);
    await expect(attempts.beforeLogin('admin', '192.168.1.2')).resolves.toBeUndefined();
    expect(waits).toEqual([]);
  });

  it('slows the addresses that failed on a name under attack, more with each failure, up to the longest wait', async () => {
    const { attempts, waits } = limits();
    // Below the threshold of three failures on the name nobody waits.
    await attempts.loginFailed('admin', '10.0.1.1');
    await attempts.loginFailed('admin', '10.0.1.2');
    await attempts.beforeLogin('admin', '10.0.1.1');
    expect(waits).toEqual([]);
    await attempts.loginFailed('admin', '10.0.1.3');
    await attempts.beforeLogin('admin', '10.0.1.1');
    for (let i = 4; i < 30; i++) await attempts.loginFailed('admin', `10.0.1.${i}`);
    await attempts.beforeLogin('admin', '10.0.1.2');
    expect(waits).toEqual([100, 1000]);
  });
});

describe('AttemptLimits: checks at once', () => {
  it('checks one password of an address at a time, lines up the next sixteen and refuses the rest', async () => {
    const { attempts } = limits();
    let release = () => {};
    const held = new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
    const started: string[] = [];
    const login = (name: string, address = '10.0.0.66') =>
      attempts.attemptLogin(name, address, async () => {
        started.push(name);
        return name === 'held' ? held : name;
      });
    const running = login('held');
    const waiting = Array.from({ length: 16 }, (_, i) => login(`waiting${i}`));
    await expect(login('carol')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(login('carol', '10.0.0.1')).resolves.toBe('carol');
    expect(started).toEqual(['held', 'carol']);
    release();
    await running;
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 16 }, (_, i) => `waiting${i}`));
    await expect(login('dave')).resolves.toBe('dave');
  });

  it('counts a wrong password given to attemptLogin and attemptPasswordChange as a failure', async () => {
    const { attempts } = limits();
    for (let i = 0; i < 3; i++)
      expect(await attempts.attemptLogin('admin', '10.0.0.66', async () => null)).toBeNull();
    await expect(attempts.attemptLogin('admin', '10.0.0.66', async () => 'admin')).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    for (let i = 0; i < 3; i++)
      expect(await attempts.attemptPasswordChange(7, '10.0.0.1', async () => false)).toBe(false);
    await expect(attempts.attemptPasswordChange(7, '10.0.0.2', async () => true)).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
  });
});

describe('AttemptLimits: password changes', () => {
  it("refuses a user's changes after their failures, from any address", async () => {
    const { attempts } = limits();
    for (let i = 0; i < 3; i++) await attempts.passwordChangeFailed(7, `10.0.0.${i}`);
    await expect(attempts.beforePasswordChange(7, '10.0.0.9')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempts.beforePasswordChange(8, '10.0.0.9')).resolves.toBeUndefined();
  });

  it("refuses an address after failures on several users' sessions", async () => {
    const { attempts } = limits();
    for (let user = 1; user <= 5; user++) await attempts.passwordChangeFailed(user, '10.0.0.66');
    await expect(attempts.beforePasswordChange(6, '10.0.0.66')).rejects.toBeInstanceOf(TooManyAttempts);
  });
});
