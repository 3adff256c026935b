import type { FastifyInstance } from 'fastify';
import {
  encryptLikeSdk,
  sdkPayload,
} from '../../apps/psp-sandbox/src/__tests__/helpers/sdk-like-jwe';
import type { Database } from '../../apps/api/src/db/client';
import { paymentCards } from '../../apps/api/src/db/schema';

const CARD = '4111111111111111';

/**
 * A card saved for a bench member as add-card saves it: encrypted as the provider's browser SDK
 * does, tokenised by the provider (the sandbox), stored as the member's default. Answers its id.
 */
export async function saveBenchCard(
  app: FastifyInstance,
  database: Database,
  userId: string,
  i: number,
  holder: string,
): Promise<string> {
  const session = await app.paymentProvider.createSession({ customerId: `bench-${holder}-${i}` });
  const key = (await (
    await fetch(`${session.clientApiUrl}/v1/${session.customerId}/crypto/publickey`, {
      headers: { authorization: `GCS v1Client:${session.clientSessionId}` },
    })
  ).json()) as { keyId: string; publicKey: string };
  const input = encryptLikeSdk(
    sdkPayload(session.clientSessionId, 1, {
      cardNumber: CARD,
      expiryDate: '1230',
      cvv: '123',
      cardholderName: `Bench ${holder}${i}`,
    }),
    key,
  );
  const token = await app.paymentProvider.createToken({
    encryptedCustomerInput: input,
    returnUrl: 'http://localhost/account/cards',
  });
  if (token.outcome !== 'created') throw new Error('a bench card was not saved');
  const [card] = await database.db
    .insert(paymentCards)
    .values({
      userId,
      providerToken: token.token.id,
      productId: 1,
      brand: 'VISA',
      last4: '1111',
      expiryMonth: 12,
      expiryYear: 2030,
      fingerprint: `bench-${holder}-${i}`,
      status: 'active',
      isDefault: true,
      source: 'account',
    })
    .returning({ id: paymentCards.id });
  if (!card) throw new Error('a bench card was not stored');
  return card.id;
}
