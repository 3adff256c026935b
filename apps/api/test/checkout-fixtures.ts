import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { memberships, paymentCards, type OrderLine } from '../src/db/schema';
import type { Fulfil } from '../src/platform/checkout';
import { encryptCard, productIdOf, testCard } from './payment-provider';
import type { TestApp } from './test-app';

/** The line of a pack of 5 lounge passes at £125.00. */
export const FIVE_PASSES: OrderLine[] = [
  { item: 'pass-pack:5', description: '5 lounge passes', quantity: 1, unitAmount: 12_500 },
];

/** The tests' fulfilment: 5 passes onto the membership the order is for (its subject). */
export const addFivePasses: Fulfil = async (tx, order) => {
  await tx
    .update(memberships)
    .set({ passesPerYear: sql`${memberships.passesPerYear} + 5` })
    .where(eq(memberships.dpid, order.subject ?? ''));
};

export const passesPerYearOf = async (db: Db, dpid: string) =>
  (await db.select().from(memberships).where(eq(memberships.dpid, dpid)))[0]?.passesPerYear;

const RETURN_URL = 'http://localhost:3000/account/cards';

/**
 * A card saved for a member as add-card saves it (its token made by the provider from the
 * card encrypted as the browser's SDK would), without the add-card call: answers its card id.
 */
export async function savedCard(
  t: TestApp,
  userId: string,
  cardNumber: string,
  values: { expiryYear?: number; isDefault?: boolean } = {},
): Promise<string> {
  const provider = t.app.paymentProvider;
  const session = await provider.createSession({ customerId: `customer-${userId}` });
  const input = await encryptCard(session, testCard(cardNumber), productIdOf(cardNumber));
  const token = await provider.createToken({
    encryptedCustomerInput: input,
    returnUrl: RETURN_URL,
  });
  if (token.outcome !== 'created') throw new Error(`card ${cardNumber} was not saved`);
  const [row] = await t.app.db
    .insert(paymentCards)
    .values({
      userId,
      providerToken: token.token.id,
      productId: productIdOf(cardNumber),
      brand: 'VISA',
      last4: cardNumber.slice(-4),
      expiryMonth: 12,
      expiryYear: values.expiryYear ?? 2030,
      fingerprint: randomUUID(),
      status: 'active',
      isDefault: values.isDefault ?? true,
      source: 'account',
    })
    .returning({ id: paymentCards.id });
  if (!row) throw new Error('the card was not inserted');
  return row.id;
}
