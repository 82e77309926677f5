import type { UserGroup } from '@sasayaki/api-contract';
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

  async list() {
    return (await this.users.list()).map((user) => ({
      name: user.name,
      group: user.group as UserGroup,
      created_at: user.created_at,
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

  async delete(names: string[]): Promise<void> {
    const users = await Promise.all(names.map((name) => this.require(name)));
    const admins = await this.users.countInGroup('administrator');
    if (admins > 0 && users.filter((user) => user.group === 'administrator').length >= admins) {
      throw new Conflict('The last administrator cannot be deleted');
    }
    for (const user of users) await this.users.delete(user.id);
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
