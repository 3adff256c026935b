import { calls, type CardSource, type PaymentCard } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import {
  answerChallenge,
  encryptedCardFor,
  productIdOf,
  openWithProvider,
  testCard,
  tokensAt,
  type CardInput,
  type TestProvider,
} from '../../../../test/payment-provider';
import { type TestApp, unchecked } from '../../../../test/test-app';
import { paymentCards } from '../../../db/schema';
import { cardReturnUrl } from '../return-url';

let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(
  async () => ({ provider, t, close } = await openWithProvider({ now: '2026-11-23T12:00:00Z' })),
);
afterAll(() => close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let serial = 0;
type Member = Awaited<ReturnType<typeof memberWithSession>>;

const newMember = () => {
  serial += 1;
  return memberWithSession(t, { email: `add.card.${serial}@example.com` });
};

interface AddOptions {
  values?: CardInput;
  /** The product the JWE names (the SDK's paymentProductId). */
  productId?: number;
  /** The paymentProductId of the call's payload; the JWE's unless given. */
  payloadProductId?: number;
  cardHolder?: string;
  source?: CardSource;
}

async function addCard(m: Member, cardNumber: string, options: AddOptions = {}) {
  const card = testCard(cardNumber, options.values);
  const productId = options.productId ?? productIdOf(cardNumber);
  const encryptCustomerInput = await encryptedCardFor(t, m.headers, card, productId);
  return t.call(
    calls.addCard,
    {
      encryptCustomerInput,
      cardHolder: options.cardHolder ?? card.cardholderName,
      paymentProductId: options.payloadProductId ?? productId,
      ...(options.source ? { source: options.source } : {}),
    },
    m.headers,
  );
}

const checkStatus = (m: Member, cardId: string) =>
  t.call(calls.addCardStatus, { cardId }, m.headers);
const listCards = async (m: Member) =>
  (await t.call(calls.paymentCards, {}, m.headers)).body.result as {
    cardId: string;
    last4: string;
    isDefault: boolean;
  }[];
const rowsOf = (m: Member) =>
  t.app.db.select().from(paymentCards).where(eq(paymentCards.userId, m.user.id));

interface Verify {
  status: 'verify';
  code: '61005';
  cardId: string;
  threeDSRedirectUrl: string;
}

async function startThreeDs(m: Member, options: AddOptions = {}): Promise<Verify> {
  const { body } = await addCard(m, '4000000000003220', options);
  expect(body).toMatchObject({ state: '1', result: { status: 'verify', code: '61005' } });
  return body.result as Verify;
}

describe('/payment/add-card', () => {
  it('saves 4111 1111 1111 1111: added, the first card the default', async () => {
    const m = await newMember();
    const { body } = await addCard(m, '4111111111111111');
    expect(body).toEqual({
      state: '1',
      errorCode: null,
      result: {
        status: 'added',
        card: {
          cardId: expect.stringMatching(UUID) as string,
          productName: 'Visa',
          productLogo: `${provider.psp.url}/assets/logos/visa.svg`,
          last4: '1111',
          expiryMonth: 12,
          expiryYear: 2030,
          isExpired: false,
          isDefault: true,
          securityCode: {
            url: `${provider.psp.url}/ingenico/cacheCvv`,
            token: expect.any(String) as string,
          },
        },
      },
    });
    const { card } = body.result as { card: { cardId: string; productLogo: string } };
    const logo = await fetch(card.productLogo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');

    const [row] = await rowsOf(m);
    expect((body.result as { card: PaymentCard }).card.securityCode.token).toBe(row?.providerToken);
    expect(row).toMatchObject({
      id: card.cardId,
      status: 'active',
      isDefault: true,
      productId: 1,
      brand: 'Visa',
      last4: '1111',
      source: 'account',
    });
    const token = tokensAt(provider).find((tk) => tk.id === row!.providerToken);
    expect(token).toMatchObject({ status: 'CREATED', reference: card.cardId });

    // A second card is not the default.
    const second = await addCard(m, '5555555555554444', { source: 'first-login' });
    expect(second.body.result).toMatchObject({
      status: 'added',
      card: { productName: 'MasterCard', last4: '4444', isDefault: false },
    });
    const amex = await addCard(m, '378282246310005', { values: { cvv: '1234' } });
    expect(amex.body.result).toMatchObject({
      card: {
        productName: 'American Express',
        productLogo: `${provider.psp.url}/assets/logos/amex.svg`,
        last4: '0005',
        isDefault: false,
      },
    });
  });

  it('3-D Secure approved: verify (61005), pending, then added once the cardholder passes', async () => {
    const m = await newMember();
    const verify = await startThreeDs(m);
    expect(verify.cardId).toMatch(UUID);
    const page = new URL(verify.threeDSRedirectUrl);
    expect(page.origin).toBe(provider.psp.url);
    expect(page.pathname).toMatch(/^\/3ds\/[0-9a-f-]{36}$/);
    expect(page.searchParams.get('returnUrl')).toBe(
      `http://localhost:3000/account/cards?cardId=${verify.cardId}&threeDS=return`,
    );
    // Waiting: not listed, and the status says pending.
    expect(await listCards(m)).toEqual([]);
    expect((await checkStatus(m, verify.cardId)).body).toEqual({
      state: '1',
      errorCode: null,
      result: { status: 'pending' },
    });
    expect((await rowsOf(m))[0]).toMatchObject({ status: 'pending', isDefault: false });

    const back = await answerChallenge(verify.threeDSRedirectUrl, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/account/cards');
    expect(back.searchParams.get('cardId')).toBe(verify.cardId);
    expect(back.searchParams.get('threeDS')).toBe('return');
    expect(back.searchParams.get('outcome')).toBe('approved');

    const added = await checkStatus(m, verify.cardId);
    expect(added.body.result).toEqual({
      status: 'added',
      card: expect.objectContaining({
        cardId: verify.cardId,
        last4: '3220',
        isDefault: true,
      }) as unknown,
    });
    // Asked again (the browser polls): the same answer.
    expect((await checkStatus(m, verify.cardId)).body.result).toMatchObject({ status: 'added' });
    expect((await listCards(m)).map((c) => c.cardId)).toEqual([verify.cardId]);
  });

  it('3-D Secure declined: 61007, and the card is not saved', async () => {
    const m = await newMember();
    const verify = await startThreeDs(m);
    const back = await answerChallenge(verify.threeDSRedirectUrl, 'decline');
    expect(back.searchParams.get('outcome')).toBe('declined');
    expectFailure(await checkStatus(m, verify.cardId), 'cardAuthFailed');
    expectFailure(await checkStatus(m, verify.cardId), 'cardAuthFailed');
    const [row] = await rowsOf(m);
    expect(row).toMatchObject({ status: 'failed', isDefault: false });
    expect(await listCards(m)).toEqual([]);
    // The failed token is given back to the provider.
    expect(tokensAt(provider).find((tk) => tk.id === row!.providerToken)).toBeUndefined();
  });

  it.each([
    ['4000000000000002', 'cardAuthFailed'],
    ['4000000000009995', 'cardAuthFailedIssuer'],
    ['9999990000000006', 'cardNotRecognized'],
  ] as const)('answers the refusal of %s as %s, and saves nothing', async (cardNumber, error) => {
    const m = await newMember();
    const tokens = tokensAt(provider).length;
    expectFailure(await addCard(m, cardNumber), error);
    expect(await rowsOf(m)).toEqual([]);
    expect(tokensAt(provider)).toHaveLength(tokens);
  });

  it('answers 61008 for Diners Club, whether the payload names it or only the card does', async () => {
    const m = await newMember();
    // Named: refused before the provider is asked.
    expectFailure(await addCard(m, '30569309025904', { productId: 132 }), 'cardNotAccepted');
    // Only the encrypted card says so: the provider refuses it.
    expectFailure(
      await addCard(m, '30569309025904', { productId: 132, payloadProductId: 1 }),
      'cardNotAccepted',
    );
    expect(await rowsOf(m)).toEqual([]);
  });

  it('answers 61010 for a card already saved, and gives the new token back', async () => {
    const m = await newMember();
    expect((await addCard(m, '4111111111111111')).body.state).toBe('1');
    const tokens = tokensAt(provider).length;
    expectFailure(
      await addCard(m, '4111111111111111', { values: { cvv: '999', expiryDate: '0129' } }),
      'cardAlreadyRegistered',
    );
    expect(tokensAt(provider)).toHaveLength(tokens);
    expect(await rowsOf(m)).toHaveLength(1);
    // Another member may save the same card.
    const other = await newMember();
    expect((await addCard(other, '4111111111111111')).body.result).toMatchObject({
      status: 'added',
    });
  });

  it('answers 61010 for a 3-D Secure card saved meanwhile, at check-status or at once', async () => {
    const m = await newMember();
    const first = await startThreeDs(m);
    const second = await startThreeDs(m);
    await answerChallenge(first.threeDSRedirectUrl, 'approve');
    await answerChallenge(second.threeDSRedirectUrl, 'approve');
    expect((await checkStatus(m, first.cardId)).body.result).toMatchObject({ status: 'added' });
    expectFailure(await checkStatus(m, second.cardId), 'cardAlreadyRegistered');
    expect((await rowsOf(m)).map((r) => r.id)).toEqual([first.cardId]);
    // Once saved, the same card is refused before any verification.
    expectFailure(await addCard(m, '4000000000003220'), 'cardAlreadyRegistered');
  });

  it('answers 10001 when the name typed is not the name on the encrypted card', async () => {
    const m = await newMember();
    const tokens = tokensAt(provider).length;
    expectFailure(
      await addCard(m, '4111111111111111', { cardHolder: 'Bob Smith' }),
      'invalidRequest',
      {
        fields: [{ path: 'cardHolder', message: 'card-error-name-mismatch' }],
      },
    );
    expect(tokensAt(provider)).toHaveLength(tokens);
    expect(await rowsOf(m)).toEqual([]);
    // Case and spacing are not a difference; accents go through as the SDK sends them.
    expect(
      (
        await addCard(m, '4111111111111111', {
          values: { cardholderName: 'ANN  lee' },
          cardHolder: 'Ann Lee',
        })
      ).body.state,
    ).toBe('1');
    expect(
      (
        await addCard(m, '5555555555554444', {
          values: { cardholderName: 'Zoë Łukasz' },
          cardHolder: 'Zoë Łukasz',
        })
      ).body.state,
    ).toBe('1');
  });

  it('answers 10001 with the card fields the provider found wrong', async () => {
    const m = await newMember();
    expectFailure(
      await addCard(m, '4111111111111111', { values: { expiryDate: '0120' } }),
      'invalidRequest',
      {
        fields: [{ path: 'expiryDate', message: 'card-error-date' }],
      },
    );
    expectFailure(
      await addCard(m, '4111111111111112', { values: { cvv: '12' } }),
      'invalidRequest',
      {
        fields: [
          { path: 'cardNumber', message: 'card-error-number-invalid' },
          { path: 'cvv', message: 'card-error-cvc' },
        ],
      },
    );
  });

  it('answers 10001 for an encrypted card used twice, or one that does not open', async () => {
    const m = await newMember();
    const card = testCard('4111111111111111');
    const encryptCustomerInput = await encryptedCardFor(t, m.headers, card, 1);
    const payload = { encryptCustomerInput, cardHolder: 'Ann Lee', paymentProductId: 1 };
    expect((await t.call(calls.addCard, payload, m.headers)).body.state).toBe('1');
    const fields = [{ path: 'encryptCustomerInput', message: 'invalid' }];
    expectFailure(await t.call(calls.addCard, payload, m.headers), 'invalidRequest', { fields });
    expectFailure(
      await t.call(
        calls.addCard,
        { ...payload, encryptCustomerInput: 'aaaa.bbbb.cccc.dddd.eeee' },
        m.headers,
      ),
      'invalidRequest',
      { fields },
    );
  });

  it('sends the browser back to the page of where the card was being added from', async () => {
    const m = await newMember();
    const verify = await startThreeDs(m, { source: 'sign-up' });
    expect(new URL(verify.threeDSRedirectUrl).searchParams.get('returnUrl')).toBe(
      `http://localhost:3000/sign-up?step=success&cardId=${verify.cardId}&threeDS=return`,
    );
    expect((await rowsOf(m))[0]).toMatchObject({ source: 'sign-up' });

    const env = { PUBLIC_URL: 'https://lounges.example/', PORT: 3000 };
    expect(cardReturnUrl(env, 'account', 'c1')).toBe(
      'https://lounges.example/account/cards?cardId=c1&threeDS=return',
    );
    expect(cardReturnUrl(env, 'first-login', 'c1')).toBe(
      'https://lounges.example/account/cards?cardId=c1&threeDS=return',
    );
    expect(cardReturnUrl(env, 'payment', 'c1')).toBe(
      'https://lounges.example/account/cards?cardId=c1&threeDS=return',
    );
    expect(cardReturnUrl({ PUBLIC_URL: undefined, PORT: 8080 }, 'sign-up', 'c1')).toBe(
      'http://localhost:8080/sign-up?step=success&cardId=c1&threeDS=return',
    );
  });

  it('answers 10001 for a payload that is not an encrypted card', async () => {
    const m = await newMember();
    expectFailure(
      await t.call(
        calls.addCard,
        { encryptCustomerInput: '4111111111111111', cardHolder: 'Ann Lee', paymentProductId: 1 },
        m.headers,
      ),
      'invalidRequest',
    );
  });
});

describe('/payment/add-card/check-status', () => {
  it("answers 10002 for another member's card, an unknown one, or no card id", async () => {
    const owner = await newMember();
    const verify = await startThreeDs(owner);
    const other = await newMember();
    expectFailure(await checkStatus(other, verify.cardId), 'notFound');
    expectFailure(await checkStatus(other, '00000000-0000-4000-8000-000000000000'), 'notFound');
    expectFailure(await checkStatus(other, 'not-a-card'), 'notFound');
    expectFailure(
      await t.call(calls.addCardStatus, unchecked({}), other.headers),
      'invalidRequest',
    );
    // The owner's card is untouched.
    expect((await checkStatus(owner, verify.cardId)).body.result).toEqual({ status: 'pending' });
  });
});
