import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { prepared, type PreparedStatement } from '../db/prepared';
import { isUuid } from './ids';

/**
 * A member's own row of `table` by its id, whatever its state: one prepared statement (prepared.ts)
 * named `name`, the row where `idColumn` is the id and `ownerColumn` the member. Undefined for
 * anyone else's row, none, or an id that is no uuid (nobody's: the database would refuse it).
 * The member's card, order and hold are read so on the hot calls (issue 23).
 */
export function ownRowReader<Table extends PgTable>(
  name: string,
  table: Table,
  idColumn: PgColumn,
  ownerColumn: PgColumn,
): (tx: Tx, ownerId: string, id: string) => Promise<Table['$inferSelect'] | undefined> {
  const statement = prepared(
    name,
    (tx, statementName) =>
      tx
        .select()
        .from(table as PgTable)
        .where(and(eq(idColumn, sql.placeholder('id')), eq(ownerColumn, sql.placeholder('owner'))))
        .prepare(statementName) as PreparedStatement<Table['$inferSelect'][]>,
  );
  return async (tx, ownerId, id) => {
    if (!isUuid(id)) return undefined;
    const [row] = await statement(tx).execute({ id, owner: ownerId });
    return row;
  };
}
