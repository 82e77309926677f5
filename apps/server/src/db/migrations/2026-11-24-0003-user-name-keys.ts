import type { Kysely } from 'kysely';
import { userNameKey } from '../../auth/user-name.js';
import type { Database } from '../schema.js';

/**
 * Look-alike names are one name (auth/user-name.ts): each user gets the key of its name, unique in the
 * database. Accounts that already collide are kept, and keep logging in by their exact name: the oldest
 * holds the key, the later ones get none (NULL, which a unique index allows many of). Every new name is
 * checked against the key, so no new collision can be made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('name_key', 'text').execute();
  const typed = db as unknown as Kysely<Database>;
  const users = await typed.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const user of users) {
    const key = userNameKey(user.name);
    if (taken.has(key)) continue;
    taken.add(key);
    await typed.updateTable('users').set({ name_key: key }).where('id', '=', user.id).execute();
  }
  await db.schema.createIndex('users_name_key_unique').on('users').column('name_key').unique().execute();
}
