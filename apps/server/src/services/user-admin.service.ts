import { randomBytes } from 'node:crypto';
import type { AdminUserRow, UserGroup, UserReviewFate } from '@sasayaki/api-contract';
import { hashPassword } from '../auth/passwords.js';
import { nameTaken, newUserName } from '../auth/user-name.js';
import { Conflict, NotFound } from '../errors.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';

/** The administrators' user management (contract section 10): the last administrator is protected. */
export class UserAdminService {
  constructor(
    private readonly users: UserRepository,
    /** Told after any change that can revoke a session (group, password, deletion). */
    private readonly onUsersChanged: () => void = () => {},
  ) {}

  async list(): Promise<AdminUserRow[]> {
    return (await this.users.listWithCounts()).map((user) => ({
      name: user.name,
      group: user.group as UserGroup,
      created_at: user.created_at,
      last_login_at: user.last_login_at,
      ratings: user.ratings,
      reviews: user.reviews,
    }));
  }

  async create(name: string, password: string, group: UserGroup): Promise<void> {
    const user = newUserName(name, group);
    if (!(await this.users.create(user.name, user.key, await hashPassword(password), group))) {
      throw new Conflict(nameTaken(user.name));
    }
  }

  async update(name: string, changes: { group?: UserGroup; password?: string }): Promise<void> {
    const user = await this.require(name);
    if (changes.group && changes.group !== user.group) {
      await this.keepAnAdministrator(user);
      await this.users.setGroup(user.id, changes.group);
    }
    if (changes.password) await this.users.setPassword(user.id, await hashPassword(changes.password));
    this.onUsersChanged();
  }

  /**
   * Gives the user a new random password (shown to the administrator once, stored only as a hash); every
   * token of theirs stops working, like any password change.
   */
  async resetPassword(name: string): Promise<string> {
    const user = await this.require(name);
    const password = randomBytes(12).toString('base64url');
    await this.users.setPassword(user.id, await hashPassword(password));
    this.onUsersChanged();
    return password;
  }

  /** Revokes every token of the user: each device must log in again; the password stays. */
  async signOutEverywhere(name: string): Promise<void> {
    const user = await this.require(name);
    await this.users.signOutEverywhere(user.id, new Date().toISOString());
    this.onUsersChanged();
  }

  async delete(names: string[], reviews: UserReviewFate = 'delete'): Promise<void> {
    const users = await Promise.all(names.map((name) => this.require(name)));
    const admins = await this.users.countInGroup('administrator');
    if (admins > 0 && users.filter((user) => user.group === 'administrator').length >= admins) {
      throw new Conflict('The last administrator cannot be deleted');
    }
    const now = new Date().toISOString();
    for (const user of users) {
      if (reviews === 'anonymise') await this.users.anonymise(user.id, now);
      else await this.users.delete(user.id);
    }
    this.onUsersChanged();
  }

  private async require(name: string): Promise<UserRow> {
    const user = await this.users.findByName(name);
    if (!user) throw new NotFound(`User ${name} not found`);
    return user;
  }

  private async keepAnAdministrator(user: UserRow): Promise<void> {
    if (user.group === 'administrator' && (await this.users.countInGroup('administrator')) <= 1) {
      throw new Conflict('The last administrator cannot be demoted');
    }
  }
}
