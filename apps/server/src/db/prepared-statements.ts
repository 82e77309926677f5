/**
 * Statements PostgreSQL keeps parsed and planned on each connection. Every query Kysely runs is an
 * unnamed statement, parsed and planned again each time; for a work's card (three dozen columns, two
 * correlated sub-queries, a `works` table with some thirty indexes to weigh) the planning cost more than
 * running it: 0.7 ms of a request's 0.9 ms on a quiet machine, and several times that under load. The
 * per-request lookups (`precompiled-query.ts`) are one SQL text each, so they are named here and the
 * driver prepares them once per connection; after five runs PostgreSQL keeps one generic plan.
 * SQLite needs none of this: better-sqlite3's statements are cached by `statement-cache.ts`.
 */
const names = new Map<string, string>();

/** Marks a statement's SQL text as one to prepare (the same text always gets the same name). */
export function prepareStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `sasayaki_${names.size + 1}`);
}

/** The statement name of a text marked by `prepareStatement`, else undefined (run it unnamed). */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** The part of a node-postgres client this needs: `query(text, values)` and `query({ name, text, values })`. */
interface QueryingClient {
  query(...args: unknown[]): unknown;
}

/**
 * Makes a pooled node-postgres client run the marked texts as named statements (node-postgres parses a
 * name once per connection, then only binds and executes). Everything else goes through untouched.
 */
export function namePreparedStatements(client: QueryingClient): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedName(text) : undefined;
    if (!name) return query(...args);
    // Another process's migration changed a table under a prepared `SELECT *`: PostgreSQL refuses the
    // stale statement ("cached plan must not change result type"); run the text unnamed instead.
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) =>
      (error as { code?: unknown } | null)?.code === STALE_PLAN ? query(text, values) : Promise.reject(error),
    );
  };
}

/** SQLSTATE 0A000, feature_not_supported: what PostgreSQL answers a prepared statement whose result changed. */
const STALE_PLAN = '0A000';
