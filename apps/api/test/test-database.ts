import pg from 'pg';

/** The PostgreSQL URL the api suite runs against, when it runs against one. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.length > 0 ? url : undefined;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs admin statements (CREATE/DROP DATABASE) on the server's own database. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Waits (briefly) until no session uses a database. A closed pool's sockets close a moment
 * after `end()` resolves; dropping WITH (FORCE) in between kills them mid-goodbye, which pg
 * reports as an unhandled error.
 */
export async function waitUntilUnused(
  url: string,
  database: string,
  timeoutMs = 3000,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [database],
      );
      if (rows[0]?.n === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await client.end();
  }
}
