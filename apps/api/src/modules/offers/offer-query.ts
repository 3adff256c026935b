import { and, desc, eq, gt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { airports, products, vouchers } from '../../db/schema';
import type { VoucherRecord } from './voucher-view';

export type OfferKind = 'dining' | 'spa';

/** A dining or spa offer still listed, with its airport; undefined for anything else. */
export async function findOffer(tx: Tx, id: string, kind?: OfferKind) {
  const [found] = await tx
    .select({ product: products, airport: airports })
    .from(products)
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(and(eq(products.id, id), eq(products.active, true)));
  if (!found) return undefined;
  const { product } = found;
  if (
    product.kind !== (kind ?? product.kind) ||
    (product.kind !== 'dining' && product.kind !== 'spa')
  )
    return undefined;
  return found;
}

/** How long used and expired vouchers stay in the member's list. */
const KEPT_MS = 30 * 24 * 60 * 60_000;

/** The member's vouchers: open ones, then those of the last 30 days, newest first. */
export async function memberVouchers(
  tx: Tx,
  userId: string,
  now: Date,
  where?: { productId: string; localDate: string; status: 'open' },
): Promise<VoucherRecord[]> {
  return tx
    .select({ voucher: vouchers, product: products, airport: airports })
    .from(vouchers)
    .innerJoin(products, eq(products.id, vouchers.productId))
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(
      and(
        eq(vouchers.userId, userId),
        where
          ? and(
              eq(vouchers.productId, where.productId),
              eq(vouchers.localDate, where.localDate),
              eq(vouchers.status, where.status),
            )
          : or(
              eq(vouchers.status, 'open'),
              gt(vouchers.createdAt, new Date(now.getTime() - KEPT_MS)),
            ),
      ),
    )
    .orderBy(desc(vouchers.createdAt))
    .limit(50);
}

/** One voucher by its id, with its outlet and airport (what its email's files are made from). */
export async function findVoucherById(tx: Tx, id: string): Promise<VoucherRecord | undefined> {
  const [found] = await tx
    .select({ voucher: vouchers, product: products, airport: airports })
    .from(vouchers)
    .innerJoin(products, eq(products.id, vouchers.productId))
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(eq(vouchers.id, id));
  return found;
}
