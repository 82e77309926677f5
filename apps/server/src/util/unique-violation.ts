/**
 * Whether a database error is a unique or primary key violation: PostgreSQL's SQLSTATE 23505, or
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. A writer that checked first can still meet one
 * when another transaction inserted the same key in between (PostgreSQL, READ COMMITTED).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
