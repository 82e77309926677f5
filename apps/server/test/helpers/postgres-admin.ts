import pg from 'pg';

/** Runs one statement as the TEST_POSTGRES_URL user (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function asPostgresAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test server. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_POSTGRES_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}
