import { getTableColumns, is, sql, type Placeholder } from 'drizzle-orm';
import { PgTransaction, type IndexColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** What drizzle's `.prepare(name)` gives: a statement run with its placeholders' values. */
export interface PreparedStatement<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** Names given so far: two statements under one name would clash on a connection. */
const names = new Set<string>();

/** What a transaction runs its statements on: its session's connection (drizzle's own field). */
interface SessionOf {
  session: { client: unknown };
}

/**
 * A statement of the hot calls built once per database, then run by name with each call's
 * values (`sql.placeholder`); `build` ends in drizzle's `.prepare(name)`. Issue 23: drizzle building a select of a product with its airport
 * took 0.7 ms here, running it 0.14 ms; on PostgreSQL each connection also parses it once.
 * In a transaction it runs on the transaction's connection: built once per driver (the first
 * transaction's), then run with each transaction's connection in place of that one's (a
 * prepared query of drizzle's holds its connection as `client`, which is all that differs).
 */
export function prepared<Result>(
  name: string,
  build: (tx: Tx, name: string) => PreparedStatement<Result>,
): (tx: Tx) => PreparedStatement<Result> {
  if (names.has(name)) throw new Error(`a prepared statement is named ${name} already`);
  names.add(name);
  const built = new WeakMap<Db, PreparedStatement<Result>>();
  /** Built on a transaction, by its session's class (PostgreSQL's and PGlite's differ). */
  const inTransactions = new Map<unknown, PreparedStatement<Result>>();
  return (tx) => {
    if (is(tx, PgTransaction)) {
      const { session } = tx as unknown as SessionOf;
      let template = inTransactions.get(session.constructor);
      if (!template) {
        template = build(tx, name);
        inTransactions.set(session.constructor, template);
      }
      return Object.assign(Object.create(template) as PreparedStatement<Result>, {
        client: session.client,
      });
    }
    const db = tx as Db;
    let statement = built.get(db);
    if (!statement) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}

/** A prepared statement's placeholders by name (each call gives their values to `execute`). */
export function placeholders<Name extends string>(
  ...names: Name[]
): Record<Name, Placeholder<Name>> {
  const made = {} as Record<Name, Placeholder<Name>>;
  for (const name of names) made[name] = sql.placeholder(name);
  return made;
}

/**
 * An insert of `columns` of a table as a prepared statement (prepared.ts), answering the rows
 * written: each call gives every one of the columns (null where it has none) and the database
 * fills the others with their defaults. With `doNothingOn`, a row conflicting on those columns
 * is not written (and not answered). For the inserts of the hot calls (issue 23: drizzle's
 * building of an insert of 25 columns cost more than running it). Each value is encoded by its
 * column as drizzle would encode it, but null is sent as SQL NULL (drizzle's encoder of a
 * placeholder would store a jsonb column's null as JSON `null` and throw on a timestamp's).
 */
export function preparedInsert<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  doNothingOn?: IndexColumn[],
): (tx: Tx) => {
  execute(values: { [P in K]-?: T['$inferInsert'][P] }): Promise<T['$inferSelect'][]>;
} {
  const tableColumns = getTableColumns(table);
  const statement = prepared(name, (tx, statementName) => {
    const insert = tx.insert(table).values(
      // Wrapped in sql: drizzle passes the value as given, encoded by `execute` below.
      Object.fromEntries(
        columns.map((column) => [column, sql`${sql.placeholder(column)}`]),
      ) as T['$inferInsert'],
    );
    return (doNothingOn ? insert.onConflictDoNothing({ target: doNothingOn }) : insert)
      .returning()
      .prepare(statementName);
  });
  const encode = (values: Record<string, unknown>) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = values[column];
        return [
          column,
          value === null || value === undefined
            ? null
            : tableColumns[column]!.mapToDriverValue(value),
        ];
      }),
    );
  return (tx) => ({
    execute: (values) => statement(tx).execute(encode(values)) as Promise<T['$inferSelect'][]>,
  });
}
