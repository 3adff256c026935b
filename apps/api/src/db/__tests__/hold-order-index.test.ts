import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { slotHolds } from '../schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan's node types and index names, as `explain (format json)` gives them. */
function planNodes(plan: unknown): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const node = plan as { 'Node Type'?: string; 'Index Name'?: string; Plans?: unknown[] };
  const own = node['Node Type'] ? [`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim()] : [];
  return [...own, ...(node.Plans ?? []).flatMap(planNodes)];
}

describe('the hold of an order (issue 23)', () => {
  it("is found by slot_holds_order_idx, not by reading the whole table: a payment's fulfilment, the reconciler and the sweeper look holds up by their order", async () => {
    const orderId = randomUUID();
    const query = t.app.db
      .select({ id: slotHolds.id })
      .from(slotHolds)
      .where(eq(slotHolds.orderId, orderId))
      .toSQL();
    const nodes = await t.app.db.transaction(async (tx) => {
      // On a table this small the planner would read it all anyway: the index must be usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained: unknown = await tx.execute(
        sql.raw(`explain (format json) ${query.sql.replace('$1', `'${orderId}'::uuid`)}`),
      );
      const { rows } = explained as { rows: Record<string, unknown>[] };
      const cell = Object.values(rows[0]!)[0];
      const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: unknown }[];
      return planNodes(json[0]!.Plan);
    });
    expect(nodes.join(', ')).toContain('slot_holds_order_idx');
  });
});
