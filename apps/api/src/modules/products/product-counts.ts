import type { ProductCounts, ProductKind } from '@portal/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

const FIELD: Record<ProductKind, keyof Omit<ProductCounts, 'iataCode' | 'total'>> = {
  lounge: 'lounge',
  dining: 'dining',
  spa: 'spa',
  'fast-track': 'fastTrack',
};

const zero = (iataCode: string): ProductCounts => ({
  iataCode,
  lounge: 0,
  dining: 0,
  spa: 0,
  fastTrack: 0,
  total: 0,
});

/** Active products per kind, one row per code asked (in the order asked), zeros for none. */
export async function productCounts(
  db: Db,
  iataCodes: readonly string[],
): Promise<ProductCounts[]> {
  const codes = [...new Set(iataCodes)];
  const rows = await db
    .select({ airportCode: products.airportCode, kind: products.kind, n: count() })
    .from(products)
    .where(and(inArray(products.airportCode, codes), eq(products.active, true)))
    .groupBy(products.airportCode, products.kind);
  const byCode = new Map(codes.map((code) => [code, zero(code)]));
  for (const row of rows) {
    const counts = byCode.get(row.airportCode);
    if (!counts) continue;
    counts[FIELD[row.kind]] += row.n;
    counts.total += row.n;
  }
  return codes.map((code) => byCode.get(code) ?? zero(code));
}
