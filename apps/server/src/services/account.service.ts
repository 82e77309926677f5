import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { User, UserGroup } from '@sasayaki/api-contract';
import type { Logger } from 'pino';
import { AttemptLimits, TooManyAttempts } from '../auth/attempt-limits.js';
import { isKikoeruHash, verifyKikoeruPassword } from '../auth/kikoeru-passwords.js';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/passwords.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { writePrivateFile } from '../auth/secrets.js';
import { sessionVersion } from '../auth/session-version.js';
import type { TokenService } from '../auth/token.service.js';
import { GUEST_NAME, nameTaken, newUserName, userNameKey } from '../auth/user-name.js';
import type { AuthConfig, Config } from '../config/config.js';
import { Conflict, Forbidden, NotFound, Unauthorized } from '../errors.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import { LruMap } from '../util/lru-map.js';
import type { RuntimeSettingsService } from './runtime-settings.service.js';

const MINUTE = 60_000;

/** Where the generated first password is saved (the start-up summary points at it). */
export function adminPasswordFile(dataDir: string): string {
  return join(dataDir, 'admin-password.txt');
}

/**
 * How long a checked token is trusted without checking again: a signature and a user lookup on every
 * request cost more than the rest of a cached page.
 */
const SESSION_CACHE_MS = 5_000;

/**
 * A user's last login is written at most once a minute per process, so the administrators' list shows it
 * up to a minute early. An app that signs in again and again (the bench's 20 logins a second) wrote the
 * same row each time: on PostgreSQL a round trip whose socket write holds the event loop that every other
 * request waits on (bench/README.md, "Accounts").
 */
const LOGIN_RECORD_EVERY_MS = 60_000;

export interface SessionUser {
  id: number;
  name: string;
  group: UserGroup;
}

export interface IssuedSession {
  token: string;
  user: User;
  /** Whose session it is, so the caller need not look the new token up again. */
  userId: number;
}

function publicUser(row: UserRow): User {
  return { name: row.name, group: row.group as UserGroup };
}

/** Accounts: the first administrator, the guest, login, registration, passwords and who a token is. */
export class AccountService {
  private readonly sessions = new LruMap<string, { user: Promise<SessionUser | null>; until: number }>(
    10_000,
  );
  private readonly attempts: AttemptLimits;
  /** When this process last wrote each user's last login (LOGIN_RECORD_EVERY_MS). */
  private readonly loginsRecorded = new LruMap<number, number>(10_000);

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly settings: RuntimeSettingsService,
    private readonly config: Pick<Config, 'dataDir' | 'limits'> & { auth: AuthConfig },
    private readonly logger: Logger,
  ) {
    this.attempts = new AttemptLimits(limiter, config.limits);
  }

  /**
   * On every start: an administrator exists (no installation has a known default password: it is taken
   * from the configuration or generated, printed once and saved readable by the owner only), and the
   * guest account exists while guest access is on.
   */
  async bootstrap(): Promise<void> {
    if ((await this.users.countInGroup('administrator')) === 0) {
      const { adminName, adminPassword } = this.config.auth;
      const password = adminPassword ?? randomBytes(15).toString('base64url');
      const admin = newUserName(adminName, 'administrator');
      if (await this.users.create(admin.name, admin.key, await hashPassword(password), 'administrator')) {
        if (!adminPassword) {
          const file = adminPasswordFile(this.config.dataDir);
          writePrivateFile(file, `${adminName}\n${password}\n`);
          // Deliberately on the console, not in the log stream: shown once, to whoever started the server.
          console.log(
            `\nCreated the administrator "${adminName}" with the password: ${password}\n(also saved in ${file})\n`,
          );
        }
      } else {
        // The name (or a look-alike) exists as a non-administrator: promote it, so the installation is
        // never left without one.
        const existing = await this.users.findByNameKey(admin.key);
        if (existing) await this.users.setGroup(existing.id, 'administrator');
      }
    }
    if ((await this.settings.get()).guest && !(await this.users.findByName(GUEST_NAME))) {
      await this.users.create(GUEST_NAME, userNameKey(GUEST_NAME), await hashPassword(GUEST_NAME), 'guest');
    }
  }

  /** The first administrator: who everyone is when accounts are off. */
  async firstAdministrator(): Promise<SessionUser> {
    const admins = (await this.users.list()).filter((user) => user.group === 'administrator');
    const row = admins.find((user) => user.name === this.config.auth.adminName) ?? admins[0];
    if (!row) throw new Error('No administrator account exists');
    return { id: row.id, name: row.name, group: 'administrator' };
  }

  /** The user a token stands for, or null when it is invalid, expired, revoked or its user is gone. */
  userForToken(token: string): Promise<SessionUser | null> {
    const now = Date.now();
    const known = this.sessions.get(token);
    if (known && known.until > now) return known.user;
    // The lookup under way is remembered, not only its answer: the requests a busy client sends while it
    // runs (16 at once on page 1) wait for it instead of each verifying the token and reading the user.
    const user = this.resolveToken(token);
    const entry = { user, until: now + SESSION_CACHE_MS };
    this.sessions.set(token, entry);
    // A failed lookup (the database unreachable) is not remembered: the next request asks again.
    user.catch(() => {
      if (this.sessions.get(token) === entry) this.sessions.delete(token);
    });
    return user;
  }

  /**
   * Drops remembered sessions: after a password change, a deletion, a group change or a settings change
   * in this process they take effect at once (other processes within SESSION_CACHE_MS).
   */
  forgetSessions(): void {
    this.sessions.clear();
  }

  private async resolveToken(token: string): Promise<SessionUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const row = await this.users.findById(claims.userId);
    if (!row || sessionVersion(row) !== claims.passwordVersion) return null;
    if (row.group === 'guest' && !(await this.settings.get()).guest) return null;
    return { id: row.id, name: row.name, group: row.group as UserGroup };
  }

  /**
   * Signs in by the exact name or any look-alike of it (`Admin` is `admin`); the exact name first, so an
   * account made before look-alikes were one name still finds itself. Limits: auth/attempt-limits.ts.
   */
  async login(name: string, password: string, address: string): Promise<IssuedSession> {
    const nameKey = userNameKey(name);
    const row = await this.attempts.attemptLogin(nameKey, address, async () => {
      const found = (await this.users.findByName(name)) ?? (await this.users.findByNameKey(nameKey));
      if (!found) await verifyNothing(password);
      return found && (await this.checkPassword(found, password)) ? found : null;
    });
    if (!row) throw new Unauthorized('Wrong user name or password');
    if (row.group === 'guest' && !(await this.settings.get()).guest) {
      throw new Forbidden('Guest access is turned off on this server');
    }
    await this.recordLogin(row.id);
    return this.issue(row);
  }

  private async recordLogin(userId: number): Promise<void> {
    const now = Date.now();
    const recorded = this.loginsRecorded.get(userId);
    if (recorded !== undefined && now - recorded < LOGIN_RECORD_EVERY_MS) return;
    this.loginsRecorded.set(userId, now);
    await this.users.recordLogin(userId, new Date(now).toISOString());
  }

  /**
   * The login's password check. An account imported from kikoeru (auth/kikoeru-passwords.ts) is checked
   * against its md5 once, then re-hashed with argon2id; the swap only happens if the stored hash is still
   * that md5 (a concurrent login or password change wins). The md5 check costs microseconds, so an
   * argon2 verification's time is spent too: timing does not tell imported accounts from others.
   */
  private async checkPassword(row: UserRow, password: string): Promise<boolean> {
    if (!isKikoeruHash(row.password_hash)) return verifyPassword(row.password_hash, password);
    await verifyNothing(password);
    if (!verifyKikoeruPassword(row.password_hash, password, this.config.dataDir)) return false;
    await this.users.replacePasswordHash(row.id, row.password_hash, await hashPassword(password));
    this.logger.info({ user: row.name }, 'imported kikoeru password re-hashed with argon2id');
    return true;
  }

  async register(name: string, password: string, address: string): Promise<IssuedSession> {
    if (!(await this.settings.get()).registration)
      throw new Forbidden('Registration is turned off on this server');
    const { loginFailuresPerMinute: limit } = this.config.limits;
    const state = await this.limiter.hit(`register:addr:${address}`, limit, MINUTE);
    if (!state.allowed) throw new TooManyAttempts(state.retryAfter);
    const user = newUserName(name, 'user');
    if (!(await this.users.create(user.name, user.key, await hashPassword(password), 'user'))) {
      throw new Conflict(nameTaken(user.name));
    }
    const row = await this.users.findByName(user.name);
    if (!row) throw new NotFound(`User ${user.name} not found`);
    this.logger.info({ user: user.name }, 'account registered');
    return this.issue(row);
  }

  /**
   * Changes the password and returns a new session: every token issued before stops working. Wrong old
   * passwords count like failed logins, so a borrowed session cannot guess its way to the account.
   */
  async changePassword(
    user: SessionUser,
    oldPassword: string,
    newPassword: string,
    address: string,
  ): Promise<IssuedSession> {
    if (user.group === 'guest') throw new Forbidden('The guest account cannot change its password');
    const row = await this.users.findById(user.id);
    if (!row) throw new Unauthorized();
    const right = await this.attempts.attemptPasswordChange(user.id, address, () =>
      verifyPassword(row.password_hash, oldPassword),
    );
    if (!right) throw new Forbidden('The old password is wrong');
    await this.users.setPassword(row.id, await hashPassword(newPassword));
    this.forgetSessions();
    const updated = await this.users.findById(row.id);
    if (!updated) throw new Unauthorized();
    return this.issue(updated);
  }

  private async issue(row: UserRow): Promise<IssuedSession> {
    return { token: await this.tokens.sign(row, sessionVersion(row)), user: publicUser(row), userId: row.id };
  }
}
