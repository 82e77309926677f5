import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Credentials, Registration, USER_GROUPS, type UserGroup } from '@sasayaki/api-contract';
import type { AppContext } from '../context.js';

export const USER_USAGE = `Usage:
  sasayaki user list
  sasayaki user add NAME [--group administrator|user|guest] [--password PASSWORD]
  sasayaki user passwd NAME [--password PASSWORD]
  sasayaki user rm NAME

Without --password a random password is generated and printed once.`;

function passwordFrom(value: string | undefined): { password: string; generated: boolean } {
  if (value !== undefined) return { password: value, generated: false };
  return { password: randomBytes(12).toString('base64url'), generated: true };
}

/** The API's rules: `Registration` for a new account's name, `Credentials` to find an existing one. */
function validate(schema: typeof Credentials, name: string, password: string): void {
  const parsed = schema.safeParse({ name, password });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('; '));
}

export class UsageError extends Error {}

/** `sasayaki user …`: manage accounts from the command line, through the same services as the API. */
export async function runUserCommand(ctx: AppContext, args: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { group: { type: 'string' }, password: { type: 'string' } },
  });
  const [action, name] = positionals;
  if (action === 'list') {
    const users = await ctx.userAdmin.list();
    return users
      .map((user) => `${user.name.padEnd(24)} ${user.group.padEnd(14)} ${user.created_at}`)
      .join('\n');
  }
  if (!name || !['add', 'passwd', 'rm'].includes(action ?? '')) throw new UsageError(USER_USAGE);
  if (action === 'rm') {
    await ctx.userAdmin.delete([name]);
    return `Deleted ${name}`;
  }
  const { password, generated } = passwordFrom(values.password);
  validate(action === 'add' ? Registration : Credentials, name, password);
  const shown = generated ? ` with the password: ${password}` : '';
  if (action === 'add') {
    const group = (values.group ?? 'user') as UserGroup;
    if (!USER_GROUPS.includes(group))
      throw new UsageError(`--group must be one of ${USER_GROUPS.join(', ')}`);
    await ctx.userAdmin.create(name, password, group);
    return `Created ${name} (${group})${shown}`;
  }
  await ctx.userAdmin.update(name, { password });
  return `Changed the password of ${name}${shown}; their other sessions are signed out`;
}
