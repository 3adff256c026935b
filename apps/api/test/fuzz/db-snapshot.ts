import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Tables left out of the fingerprint, each because a refused call may write it on purpose:
 *
 * - `attempt_locks`: every lock and throttle counter (spec sections 8 and 9). The per-address
 *   budgets (checkIpLimit) count every call of the login, code and registration kinds before the
 *   payload is even read, so malformed floods count too; wrong passwords, wrong codes and wrong
 *   membership numbers count towards their locks exactly when they are refused. Writing this
 *   table on a refusal is the point of it.
 *
 * Nothing else is excluded. In particular `outbox` (messages to send) and `sessions` stay in: a
 * refused call must queue no message and open or end no session. (A member call touches its
 * session's `last_used_at` to slide the idle window, even when its payload is then refused; the
 * fuzz test's clock stands still, so the touch writes the same value and the fingerprint keeps.)
 */
export const EXCLUDED_TABLES: readonly string[] = ['attempt_locks'];

/**
 * Columns left out of their table's fingerprint, for the same reason, where the rest of the
 * table must still stay as it was:
 *
 * - `verifications.attempts`: a wrong code counts on the code's own row (platform/verification.ts
 *   checkCode) when the call answers codeNotRecognised (30014).
 * - `verifications.expires_at`: the wrong code that locks the target (codeLocked, 30005) also
 *   retires its outstanding code by expiring it now, as spec section 8 has it.
 *
 * A refused call must still add no verification, use none up (`used_at`) and change no code.
 */
export const EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  verifications: ['attempts', 'expires_at'],
};

/**
 * The seeded catalogue: thousands of rows no client call writes (the seed and the ops routes
 * do). Hashing them in order costs ~150 ms a snapshot on PGlite, so they are stamped instead:
 * their row count and newest row version (max xmin). Any insert, update or delete moves the
 * stamp, even one that writes the same values, so the stamp is stricter than the hash.
 */
export const STAMPED_TABLES: readonly string[] = ['airports', 'countries', 'products'];

/** A fingerprint per table: the md5 of its rows as text in a stable order, or its stamp. */
export type DbFingerprint = Readonly<Record<string, string>>;

interface Row extends Record<string, unknown> {
  name: string;
  hash: string;
}

async function rowsOf<T extends Record<string, unknown>>(
  db: Db,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }.
  const result: unknown = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}

/** The user tables of the public schema, less the excluded ones. */
export async function fingerprintedTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
        order by table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !EXCLUDED_TABLES.includes(name));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (name: string) => `'${name.replaceAll("'", "''")}'`;

/**
 * A snapshotter over a fixed list of tables: one statement per fingerprint. The user tables'
 * rows are aggregated in text order, so an update that writes the same values keeps the
 * fingerprint; the catalogue tables are stamped (see STAMPED_TABLES).
 */
export function dbSnapshotter(db: Db, tables: readonly string[]) {
  const statement = tables
    .map((name) => {
      const columns = EXCLUDED_COLUMNS[name] ?? [];
      const row =
        columns.length === 0
          ? 't::text'
          : `(to_jsonb(t) ${columns.map((c) => `- ${quoteLiteral(c)}`).join(' ')})::text`;
      const hash = STAMPED_TABLES.includes(name)
        ? `count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text`
        : `md5(coalesce(string_agg(${row}, ',' order by ${row}), ''))`;
      return `select ${quoteLiteral(name)} as name, ${hash} as hash from public.${quoteIdent(name)} t`;
    })
    .join(' union all ');
  return async function snapshot(): Promise<DbFingerprint> {
    const rows = await rowsOf<Row>(db, sql.raw(statement));
    return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: DbFingerprint, after: DbFingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
