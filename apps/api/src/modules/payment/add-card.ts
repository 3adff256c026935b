import { randomUUID } from 'node:crypto';
import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { admitNewCard, cardAttemptPolicy } from '../../platform/checkout';
import { browserOrigin } from '../../platform/portal-url';
import { ProviderError, type CreateTokenResult } from '../../platform/payment-provider';
import { registerCall } from '../../plugins/calls';
import { fieldProblem, HOLDER_MISMATCH, REFUSAL_ERRORS, UNUSABLE_INPUT_CODES } from './card-errors';
import { isAcceptedProduct } from './card-products';
import { hasActiveTwin, insertActiveCard, insertPendingCard, lockMember } from './card-query';
import { cardView } from './card-view';
import { forgetProviderTokens } from './forget-tokens';
import { sameHolderName } from './holder-name';
import { cardReturnUrl } from './return-url';

/**
 * Saves a card from the SDK's encrypted input: the provider turns it into a token (3-D Secure
 * first when the card asks for it) and the portal keeps the token and what may be shown. The
 * encrypted input goes to the provider and nowhere else: never to the database or a log.
 */
export function registerAddCard(app: FastifyInstance): void {
  registerCall(app, calls.addCard, async ({ payload, member, request }) => {
    if (!isAcceptedProduct(payload.paymentProductId)) throw new CallError('cardNotAccepted');
    const provider = app.paymentProvider;
    const cardId = randomUUID();
    // Each card tried counts toward the member's budget against card testing, before the
    // provider (and the card's bank) is asked anything.
    await admitNewCard(
      app.db,
      member.userId,
      cardAttemptPolicy(app.env.IP_LIMIT_FACTOR),
      app.clock.now(),
    );

    let result: CreateTokenResult;
    try {
      result = await provider.createToken({
        encryptedCustomerInput: payload.encryptCustomerInput,
        returnUrl: cardReturnUrl(app.env, payload.source, cardId, browserOrigin(app.env, request)),
        reference: cardId,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.codes.some((c) => UNUSABLE_INPUT_CODES.has(c))) {
        request.log.info({ codes: error.codes }, 'the provider refused the encrypted card input');
        throw new CallError('invalidRequest', {
          fields: [{ path: 'encryptCustomerInput', message: 'invalid' }],
        });
      }
      throw error;
    }
    if (result.outcome === 'refused') throw new CallError(REFUSAL_ERRORS[result.reason]);
    if (result.outcome === 'invalid-values') {
      throw new CallError('invalidRequest', {
        fields: result.fields.map((field) => fieldProblem(field.property)),
      });
    }

    const { token } = result;
    // The token is ours until the card is saved; a card refused from here on gives it back.
    const refused = async (error: Error) => {
      await forgetProviderTokens(provider, [token.id], request.log);
      return error;
    };
    if (!isAcceptedProduct(token.card.productId)) {
      throw await refused(new CallError('cardNotAccepted'));
    }
    if (!sameHolderName(payload.cardHolder, token.card.holderName)) {
      throw await refused(new CallError('invalidRequest', { fields: [HOLDER_MISMATCH] }));
    }

    const card = {
      id: cardId,
      userId: member.userId,
      providerToken: token.id,
      productId: token.card.productId,
      brand: token.card.brand,
      last4: token.card.last4,
      expiryMonth: token.card.expiryMonth,
      expiryYear: token.card.expiryYear,
      fingerprint: token.card.fingerprint,
      source: payload.source,
    };
    let saved;
    try {
      saved = await app.db.transaction(async (tx) => {
        await lockMember(tx, member.userId);
        // Refused before 3-D Secure too: the member need not verify a card already saved.
        if (await hasActiveTwin(tx, member.userId, card.fingerprint)) return undefined;
        return result.outcome === 'created'
          ? insertActiveCard(tx, card)
          : insertPendingCard(tx, card);
      });
    } catch (error) {
      throw await refused(error as Error);
    }
    if (!saved) throw await refused(new CallError('cardAlreadyRegistered'));

    if (result.outcome === 'pending-authentication') {
      return {
        status: 'verify' as const,
        code: '61005' as const,
        cardId,
        threeDSRedirectUrl: result.redirectUrl,
      };
    }
    return { status: 'added' as const, card: cardView(saved, app.clock.now(), provider) };
  });
}
