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

/** The placeholders of an insert's columns, each named `prefix` + its column (prepared.ts). */
export const insertValues = <T extends PgTable>(columns: readonly string[], prefix = '') =>
  // Wrapped in sql: drizzle passes the value as given, encoded by `columnEncoder` below.
  Object.fromEntries(
    columns.map((column) => [column, sql`${sql.placeholder(`${prefix}${column}`)}`]),
  ) as T['$inferInsert'];

/**
 * The values of an insert's columns as its statement is given them, each named `prefix` + its
 * column: encoded by the column as drizzle would encode it, but null sent as SQL NULL (drizzle's
 * encoder of a placeholder would store a jsonb column's null as JSON `null` and throw on a
 * timestamp's).
 */
export function columnEncoder(table: PgTable, columns: readonly string[], prefix = '') {
  const tableColumns = getTableColumns(table);
  return (values: Record<string, unknown>) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = values[column];
        return [
          `${prefix}${column}`,
          value === null || value === undefined
            ? null
            : tableColumns[column]!.mapToDriverValue(value),
        ];
      }),
    );
}

/** Each of the columns given a value (null where it has none); the others take their defaults. */
type InsertedValues<T extends PgTable, K extends keyof T['$inferInsert']> = {
  [P in K]-?: T['$inferInsert'][P];
};

/**
 * An insert of `columns` of a table as a prepared statement (prepared.ts), answering the rows
 * written: each call gives every one of the columns (null where it has none) and the database
 * fills the others with their defaults. With `doNothingOn`, a row conflicting on those columns
 * is not written (and not answered). For the inserts of the hot calls (issue 23: drizzle's
 * building of an insert of 25 columns cost more than running it).
 */
export function preparedInsert<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  doNothingOn?: IndexColumn[],
): (tx: Tx) => {
  execute(values: InsertedValues<T, K>): Promise<T['$inferSelect'][]>;
} {
  const statement = prepared(name, (tx, statementName) => {
    const insert = tx.insert(table).values(insertValues<T>(columns));
    return (doNothingOn ? insert.onConflictDoNothing({ target: doNothingOn }) : insert)
      .returning()
      .prepare(statementName);
  });
  const encode = columnEncoder(table, columns);
  return (tx) => ({
    execute: (values) => statement(tx).execute(encode(values)) as Promise<T['$inferSelect'][]>,
  });
}

/**
 * Two inserts as one prepared statement, a row of each (two data-modifying CTEs side by side in
 * one statement: both or neither, one round trip): answers the first's rows, as preparedInsert
 * does. For a row
 * written with the message that tells of it (issue 23: a booking and its confirmation, one
 * statement fewer in every booking's fulfilment).
 */
export function preparedInsertWith<
  T extends PgTable,
  K extends keyof T['$inferInsert'] & string,
  U extends PgTable,
  L extends keyof U['$inferInsert'] & string,
>(
  name: string,
  first: { table: T; columns: readonly K[] },
  second: { table: U; columns: readonly L[] },
): (tx: Tx) => {
  execute(
    values: InsertedValues<T, K>,
    alongside: InsertedValues<U, L>,
  ): Promise<T['$inferSelect'][]>;
} {
  const PREFIX = 'alongside_';
  const statement = prepared(name, (tx, statementName) => {
    const written = tx
      .$with('written')
      .as(tx.insert(first.table).values(insertValues<T>(first.columns)).returning());
    // Run to completion whether or not the answer reads it (PostgreSQL's data-modifying CTEs).
    const along = tx.$with('alongside').as(
      tx
        .insert(second.table)
        .values(insertValues<U>(second.columns, PREFIX))
        .returning({ written: sql<number>`1`.as('written') }),
    );
    return (
      tx
        .with(written, along)
        .select()
        // drizzle's types cannot follow a table given generically into its CTE's returning.
        .from(written as unknown as PgTable)
        .prepare(statementName)
    );
  });
  const encodeFirst = columnEncoder(first.table, first.columns);
  const encodeSecond = columnEncoder(second.table, second.columns, PREFIX);
  return (tx) => ({
    execute: (values, alongside) =>
      statement(tx).execute({ ...encodeFirst(values), ...encodeSecond(alongside) }),
  });
}
