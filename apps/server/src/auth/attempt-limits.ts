import type { Config } from '../config/config.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from './rate-limiter.js';

const MINUTE = 60_000;
/** Failures past the threshold it takes for a name's slowdown to reach its longest wait. */
const SLOWDOWN_STEPS = 10;
/**
 * Password checks run one at a time per address in a process. The counts above are read before a check
 * and written after it fails, so checks side by side could each pass the limit's last free place: a burst
 * of simultaneous guesses used to be checked whole before its first failure was counted. The checks after
 * it wait in line (a household behind one NAT signing in together is not refused, and a check takes
 * 25-35 ms); a line longer than `CHECKS_WAITING_PER_ADDRESS` is a burst, and the rest of it is refused.
 */
const CHECKS_WAITING_PER_ADDRESS = 16;

export class TooManyAttempts extends AppError {
  constructor(retryAfter: number) {
    super(429, 'Too many failed attempts: wait a minute and try again', {
      'Retry-After': String(retryAfter),
    });
  }
}

export type AttemptLimitSettings = Pick<
  Config['limits'],
  'loginFailuresPerMinute' | 'loginAddressFailuresPerMinute' | 'loginSlowdownMaxMs'
>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How many wrong passwords may be tried, counted in one-minute windows by the shared `RateLimiter` (in the
 * database on PostgreSQL, so every server process sees the same counts). Only failures count.
 *
 * Logins are never refused because of what other addresses did to a name: that would let anyone lock
 * anyone out. An address is refused (429) after too many failures overall or on one name; a name that
 * many addresses fail on is slowed down instead, and only for addresses that have failed on it already,
 * so its owner, typing the right password from their own address, gets in at once.
 *
 * Password changes are made with a session in hand, so there the user's own count refuses too.
 */
export class AttemptLimits {
  /** Per address with a check under way: the checks waiting for it, in order. */
  private readonly waitingByAddress = new Map<string, Array<() => void>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly settings: AttemptLimitSettings,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  /** Checks a login's password (`verify`: the account, or null when wrong) within the limits. */
  attemptLogin<T>(nameKey: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
    return this.oneAtATime(address, async () => {
      await this.beforeLogin(nameKey, address);
      const result = await verify();
      if (result === null) await this.loginFailed(nameKey, address);
      return result;
    });
  }

  /** Checks the old password of a change (`verify`: whether it is right) within the limits. */
  attemptPasswordChange(userId: number, address: string, verify: () => Promise<boolean>): Promise<boolean> {
    return this.oneAtATime(address, async () => {
      await this.beforePasswordChange(userId, address);
      const right = await verify();
      if (!right) await this.passwordChangeFailed(userId, address);
      return right;
    });
  }

  /** Before a login's password is checked: refuses with 429, or waits while the name is under attack. */
  async beforeLogin(nameKey: string, address: string): Promise<void> {
    const { loginFailuresPerMinute: perName, loginAddressFailuresPerMinute: perAddress } = this.settings;
    const [fromAddress, onNameFromAddress, onName] = await this.limiter.check(
      [
        { key: `login:addr:${address}`, limit: perAddress },
        { key: `login:name-addr:${nameKey}:${address}`, limit: perName },
        { key: `login:name:${nameKey}`, limit: perName },
      ],
      MINUTE,
    );
    for (const state of [fromAddress, onNameFromAddress]) {
      if (!state.allowed) throw new TooManyAttempts(state.retryAfter);
    }
    if (!onName.allowed && onNameFromAddress.count > 0) await this.sleep(this.slowdown(onName.count));
  }

  async loginFailed(nameKey: string, address: string): Promise<void> {
    const { loginFailuresPerMinute: perName, loginAddressFailuresPerMinute: perAddress } = this.settings;
    await Promise.all([
      this.limiter.hit(`login:addr:${address}`, perAddress, MINUTE),
      this.limiter.hit(`login:name-addr:${nameKey}:${address}`, perName, MINUTE),
      this.limiter.hit(`login:name:${nameKey}`, perName, MINUTE),
    ]);
  }

  /** Before the old password of a change is checked: 429 after too many failures by the user or address. */
  async beforePasswordChange(userId: number, address: string): Promise<void> {
    const states = await this.limiter.check(
      [
        { key: `password:user:${userId}`, limit: this.settings.loginFailuresPerMinute },
        { key: `password:addr:${address}`, limit: this.settings.loginAddressFailuresPerMinute },
      ],
      MINUTE,
    );
    for (const state of states) {
      if (!state.allowed) throw new TooManyAttempts(state.retryAfter);
    }
  }

  async passwordChangeFailed(userId: number, address: string): Promise<void> {
    await Promise.all([
      this.limiter.hit(`password:user:${userId}`, this.settings.loginFailuresPerMinute, MINUTE),
      this.limiter.hit(`password:addr:${address}`, this.settings.loginAddressFailuresPerMinute, MINUTE),
    ]);
  }

  /** Runs `check` once this address has no other check under way (see the constants). */
  private async oneAtATime<T>(address: string, check: () => Promise<T>): Promise<T> {
    let waiting = this.waitingByAddress.get(address);
    if (!waiting) {
      waiting = [];
      this.waitingByAddress.set(address, waiting);
    } else {
      if (waiting.length >= CHECKS_WAITING_PER_ADDRESS) throw new TooManyAttempts(1);
      const line = waiting;
      await new Promise<void>((start) => line.push(start));
    }
    try {
      return await check();
    } finally {
      // The next in line starts now; with nobody waiting, the address has nothing under way.
      const next = waiting.shift();
      if (next) next();
      else this.waitingByAddress.delete(address);
    }
  }

  /** Grows with the failures past the threshold, up to the configured longest wait. */
  private slowdown(nameFailures: number): number {
    const { loginFailuresPerMinute: threshold, loginSlowdownMaxMs: longest } = this.settings;
    const past = nameFailures - threshold + 1;
    return Math.min(longest, Math.ceil((longest * past) / SLOWDOWN_STEPS));
  }
}
