/*
 * Single-use vouchers (issue 20: dining and spa offers): issued once per member, outlet and
 * local day, used once at the outlet, expired once when left unused, each a conditional update
 * from 'open' that only one caller can make. What a voucher spent (a pass) is taken in the
 * transaction that issues it and given back in the one that expires it.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { vouchers } from '../../db/schema';

export type VoucherRow = typeof vouchers.$inferSelect;

/** Letters and digits no one misreads at a till: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A voucher's short code, e.g. "K7QM-3XPA": 8 characters of 31, about 40 bits. */
export function voucherCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** What a code typed at a till may look like: any case, spaces or no dash. */
export function normaliseVoucherCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.length === 8 ? `${bare.slice(0, 4)}-${bare.slice(4)}` : bare;
}

export interface VoucherRequest {
  userId: string;
  dpid: string | null;
  productId: string;
  /** The outlet's local date of redemption. */
  localDate: string;
  /** The outlet's closing time that day. */
  validUntil: Date;
  passesSpent: number;
}

/**
 * The member's voucher for an outlet and day: a new one, or the one still open (a double click,
 * two tabs, redeeming again). The partial unique index lets one insert through; whoever loses
 * waits for it and then reads it. `issued` says which, so the caller spends a pass only for a
 * new voucher, in this same transaction.
 */
export async function issueVoucher(
  tx: Tx,
  request: VoucherRequest,
  makeCode: () => string = voucherCode,
): Promise<{ voucher: VoucherRow; issued: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [made] = await tx
      .insert(vouchers)
      .values({ ...request, code: makeCode() })
      .onConflictDoNothing()
      .returning();
    if (made) return { voucher: made, issued: true };
    const [open] = await tx
      .select()
      .from(vouchers)
      .where(
        and(
          eq(vouchers.userId, request.userId),
          eq(vouchers.productId, request.productId),
          eq(vouchers.localDate, request.localDate),
          eq(vouchers.status, 'open'),
        ),
      );
    if (open) return { voucher: open, issued: false };
    // Nothing open: the code was someone else's (1 in 10^12); another code.
  }
  throw new Error('no voucher could be issued: three codes in a row were taken');
}

export type UseOutcome =
  | { outcome: 'used'; voucher: VoucherRow }
  | { outcome: 'already-used' | 'expired'; voucher: VoucherRow }
  | { outcome: 'unknown' };

/**
 * The outlet takes a voucher: open, in time and for this outlet, it becomes used (once, however
 * many tills confirm it at once); else why not.
 */
export async function useVoucher(
  tx: Tx,
  code: string,
  productId: string,
  now: Date,
): Promise<UseOutcome> {
  const [used] = await tx
    .update(vouchers)
    .set({ status: 'used', usedAt: now })
    .where(
      and(
        eq(vouchers.code, code),
        eq(vouchers.productId, productId),
        eq(vouchers.status, 'open'),
        gt(vouchers.validUntil, now),
      ),
    )
    .returning();
  if (used) return { outcome: 'used', voucher: used };
  const [found] = await tx.select().from(vouchers).where(eq(vouchers.code, code));
  if (!found || found.productId !== productId) return { outcome: 'unknown' };
  return { outcome: found.status === 'used' ? 'already-used' : 'expired', voucher: found };
}

/**
 * Vouchers left open past their time become expired, each once whatever sweeps at the same
 * time; `giveBack` returns what each spent (its passes), in the same transaction. Answers how
 * many expired.
 */
export async function expireVouchers(
  db: Db,
  now: Date,
  giveBack: (tx: Tx, voucher: VoucherRow) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(vouchers)
      .set({ status: 'expired', expiredAt: now, passesReturned: sql`${vouchers.passesSpent}` })
      .where(and(eq(vouchers.status, 'open'), lte(vouchers.validUntil, now)))
      .returning();
    for (const voucher of expired) if (voucher.passesSpent > 0) await giveBack(tx, voucher);
    return expired.length;
  });
}

export { voucherDay, type VoucherDay } from './voucher-day';
