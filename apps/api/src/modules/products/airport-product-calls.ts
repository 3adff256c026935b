import { calls, FACILITIES, SIDES, type Facility, type Side } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { airports, products } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { productCounts } from './product-counts';

const byTerminalName = new Intl.Collator('en', { numeric: true }).compare;

export function registerAirportProductCalls(app: FastifyInstance): void {
  registerCall(app, calls.airportProductNum, ({ payload }) =>
    productCounts(app.db, payload.iataCodes),
  );

  registerCall(app, calls.airportProductFilter, async ({ payload }) => {
    const [airport] = await app.db
      .select({ iataCode: airports.iataCode })
      .from(airports)
      .where(eq(airports.iataCode, payload.airportCode));
    if (!airport) throw new CallError('notFound');
    const rows = await app.db
      .select({ terminal: products.terminal, side: products.side, facilities: products.facilities })
      .from(products)
      .where(
        and(
          eq(products.airportCode, airport.iataCode),
          eq(products.active, true),
          payload.kind ? eq(products.kind, payload.kind) : undefined,
        ),
      );
    const sides = new Set<Side>(rows.map((r) => r.side));
    const facilities = new Set<Facility>(rows.flatMap((r) => r.facilities));
    const [counts] = await productCounts(app.db, [airport.iataCode]);
    if (!counts) throw new Error('counts missing for a known airport');
    return {
      terminals: [...new Set(rows.map((r) => r.terminal))].sort(byTerminalName),
      sides: SIDES.filter((s) => sides.has(s)),
      facilities: FACILITIES.filter((f) => facilities.has(f)),
      counts,
    };
  });
}
