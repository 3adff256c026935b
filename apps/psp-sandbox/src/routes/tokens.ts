import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readCardValues } from '../cards/card-values';
import { productForIin } from '../cards/iin';
import { findProduct } from '../cards/products';
import { issuerOutcome, paymentOutcome } from '../cards/test-cards';
import type { SandboxContext } from '../context';
import { openCustomerInput } from '../customer-input';
import { ProviderError } from '../errors';
import type { TokenRecord } from '../store';
import { tokenView } from './views';
import { isReturnUrl } from '../http/return-url';

interface CreateTokenBody {
  encryptedCustomerInput: string;
  returnUrl: string;
  reference?: string;
}

const cardMismatch = () =>
  ProviderError.of('invalidValue', {
    propertyName: 'paymentProductId',
    message: 'The card number does not belong to paymentProductId',
  });

/**
 * Opens the SDK's JWE and turns the card into a token. The card number and CVV live only in this
 * request; the token keeps the brand, last 4, expiry, holder and a keyed fingerprint.
 */
function createToken(ctx: SandboxContext, body: CreateTokenBody) {
  if (!isReturnUrl(body.returnUrl)) {
    throw ProviderError.of('invalidRequest', {
      propertyName: 'returnUrl',
      message: 'returnUrl must be an http(s) URL',
    });
  }
  const input = openCustomerInput(body.encryptedCustomerInput, ctx.key);

  const now = ctx.now();
  const session = ctx.store.getSession(input.clientSessionId);
  if (!session || session.expiresAt <= now) throw ProviderError.of('unknownClientSession');
  // Remembered while the session lives: after that the session check refuses the JWE anyway.
  if (!ctx.store.useNonce(input.nonce, session.expiresAt)) {
    throw ProviderError.of('nonceAlreadyUsed');
  }

  const claimed = findProduct(input.paymentProductId);
  if (!claimed?.accepted) throw ProviderError.of('cardTypeNotAccepted');

  const read = readCardValues(input.values, new Date(now));
  if ('errors' in read) throw new ProviderError(read.errors);
  const { card } = read;

  const product = productForIin(card.cardNumber);
  if (!product) {
    throw ProviderError.of('unknownIin', { propertyName: 'cardNumber', httpStatusCode: 400 });
  }
  if (!product.accepted) throw ProviderError.of('cardTypeNotAccepted');
  if (product.id !== claimed.id) throw cardMismatch();

  const outcome = issuerOutcome(card.cardNumber);
  if (outcome === 'authenticationFailed') throw ProviderError.of('authenticationFailed');
  if (outcome === 'declined') throw ProviderError.of('declinedByIssuer');

  const token: TokenRecord = {
    id: randomUUID(),
    status: outcome === 'challenge' ? 'PENDING_AUTHENTICATION' : 'CREATED',
    card: {
      productId: product.id,
      brand: product.label,
      last4: card.cardNumber.slice(-4),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holderName: card.holderName,
      fingerprint: ctx.fingerprint(card.cardNumber),
    },
    atPayment: paymentOutcome(card.cardNumber),
    returnUrl: body.returnUrl,
    ...(body.reference === undefined ? {} : { reference: body.reference }),
    createdAt: now,
  };
  ctx.store.putToken(token);

  if (token.status === 'PENDING_AUTHENTICATION') {
    const redirectUrl = new URL(`${ctx.publicUrl()}/3ds/${token.id}`);
    redirectUrl.searchParams.set('returnUrl', body.returnUrl);
    return { token: tokenView(token), redirectUrl: redirectUrl.href };
  }
  return { token: tokenView(token) };
}

export function registerTokens(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Body: CreateTokenBody }>(
    '/tokens',
    {
      schema: {
        body: {
          type: 'object',
          required: ['encryptedCustomerInput', 'returnUrl'],
          properties: {
            encryptedCustomerInput: { type: 'string', minLength: 1, maxLength: 16384 },
            returnUrl: { type: 'string', minLength: 1, maxLength: 2048 },
            reference: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    (request, reply) => reply.status(201).send(createToken(ctx, request.body)),
  );

  app.get<{ Params: { tokenId: string } }>('/tokens/:tokenId', (request) => {
    const token = ctx.store.getToken(request.params.tokenId);
    if (!token) throw ProviderError.of('unknownToken', { propertyName: 'tokenId' });
    return tokenView(token);
  });

  app.delete<{ Params: { tokenId: string } }>('/tokens/:tokenId', (request, reply) => {
    if (!ctx.store.deleteToken(request.params.tokenId)) {
      throw ProviderError.of('unknownToken', { propertyName: 'tokenId' });
    }
    return reply.status(204).send();
  });
}
