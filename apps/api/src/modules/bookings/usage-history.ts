import { calls, type Paged, type UsageEntry } from '@portal/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { airports, products, visits } from '../../db/schema';
import { registerCall } from '../../plugins/calls';
import { localDateTime } from '../../platform/local-time';
import { maskMembershipNumber } from '../../members/membership-number';

export interface UsageQuery {
  userId: string;
  page: number;
  pageSize: number;
}

/**
 * The member's lounge visits and the dining and spa vouchers outlets confirmed, newest first, in
 * the airport's own time.
 */
export async function findUsageHistory(db: Tx, query: UsageQuery): Promise<Paged<UsageEntry>> {
  const { userId, page, pageSize } = query;
  const [total] = await db.select({ n: count() }).from(visits).where(eq(visits.userId, userId));
  const rows = await db
    .select({
      id: visits.id,
      visitedAt: visits.visitedAt,
      guests: visits.guests,
      passesUsed: visits.passesUsed,
      dpid: visits.dpid,
      amount: visits.amount,
      currency: visits.currency,
      kind: products.kind,
      loungeName: products.name,
      airportCode: airports.iataCode,
      airportName: airports.name,
      timeZone: airports.timeZone,
    })
    .from(visits)
    .innerJoin(products, eq(products.id, visits.productId))
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(eq(visits.userId, userId))
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((r) => {
      const local = localDateTime(r.visitedAt, r.timeZone);
      return {
        id: r.id,
        date: local.date,
        time: local.time,
        kind: r.kind,
        loungeName: r.loungeName,
        airportCode: r.airportCode,
        airportName: r.airportName,
        guests: r.guests,
        passesUsed: r.passesUsed,
        membershipNumber: r.dpid ? maskMembershipNumber(r.dpid) : null,
        amount:
          r.amount !== null && r.currency !== null
            ? { amount: r.amount, currency: r.currency }
            : null,
      };
    }),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

export function registerUsageHistory(app: FastifyInstance): void {
  registerCall(app, calls.usageHistory, ({ payload, member }) =>
    findUsageHistory(app.db, { userId: member.userId, ...payload }),
  );
}
