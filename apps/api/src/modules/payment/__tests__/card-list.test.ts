import { calls } from '@portal/contract';
import type { CardSession, PaymentCard } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypterFor, expectFailure, memberWithSession } from '../../../../test/call-helpers';
import {
  encryptedCardFor,
  productIdOf,
  openWithProvider,
  testCard,
  tokensAt,
  type CardInput,
  type TestProvider,
} from '../../../../test/payment-provider';
import type { TestApp } from '../../../../test/test-app';
import { paymentCards, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/password-crypto';
import { createSession } from '../../../platform/sessions';
import { isCardExpired } from '../card-view';
import { forgetProviderTokens } from '../forget-tokens';

let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(
  async () => ({ provider, t, close } = await openWithProvider({ now: '2026-11-23T12:00:00Z' })),
);
afterAll(() => close());

let serial = 0;
type Member = Awaited<ReturnType<typeof memberWithSession>>;

const newMember = () => {
  serial += 1;
  return memberWithSession(t, { email: `card.list.${serial}@example.com` });
};

async function addCard(m: Member, cardNumber: string, values: CardInput = {}): Promise<string> {
  const card = testCard(cardNumber, values);
  const encryptCustomerInput = await encryptedCardFor(t, m.headers, card);
  const { body } = await t.call(
    calls.addCard,
    {
      encryptCustomerInput,
      cardHolder: card.cardholderName,
      paymentProductId: productIdOf(cardNumber),
    },
    m.headers,
  );
  expect(body).toMatchObject({ state: '1', result: { status: 'added' } });
  return (body.result as { card: PaymentCard }).card.cardId;
}

const list = async (m: Member) => {
  const { body } = await t.call(calls.paymentCards, {}, m.headers);
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return body.result as PaymentCard[];
};
const summary = (cards: PaymentCard[]) => cards.map((c) => `${c.last4}${c.isDefault ? '*' : ''}`);
const setDefault = (m: Member, cardId: string) =>
  t.call(calls.setDefaultCard, { cardId }, m.headers);
const remove = (m: Member, cardId: string) => t.call(calls.deleteCard, { cardId }, m.headers);
const tokenOfCard = async (cardId: string) =>
  (
    await t.app.db
      .select({ token: paymentCards.providerToken })
      .from(paymentCards)
      .where(eq(paymentCards.id, cardId))
  )[0]?.token;

describe('/payment/create-session', () => {
  it("answers the provider's session for the member: the four settings of the SDK", async () => {
    const m = await newMember();
    const { body } = await t.call(calls.createCardSession, {}, m.headers);
    expect(body).toEqual({
      state: '1',
      errorCode: null,
      result: {
        clientSessionId: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
        customerId: expect.stringMatching(/^m-[0-9a-f]{32}$/) as string,
        clientApiUrl: `${provider.psp.url}/client`,
        assetUrl: `${provider.psp.url}/assets/`,
      },
    });
    const session = body.result as CardSession;
    expect(session.customerId).not.toContain(m.user.id);
    // Stable per member, different between members; a new session each time.
    const again = (await t.call(calls.createCardSession, {}, m.headers)).body.result as CardSession;
    expect(again.customerId).toBe(session.customerId);
    expect(again.clientSessionId).not.toBe(session.clientSessionId);
    const other = (await t.call(calls.createCardSession, {}, (await newMember()).headers)).body
      .result as CardSession;
    expect(other.customerId).not.toBe(session.customerId);
    // The amount and currency may be given; anything else is refused.
    const priced = await t.call(
      calls.createCardSession,
      { amount: 3800, currency: 'GBP' },
      m.headers,
    );
    expect(priced.body.state).toBe('1');
    expectFailure(
      await t.call(calls.createCardSession, { currency: 'gbp' }, m.headers),
      'invalidRequest',
    );
  });
});

describe('/payment/payment-cards, set-default and delete', () => {
  it('lists the default first, then the newest; pending and failed cards are not listed', async () => {
    const m = await newMember();
    expect(await list(m)).toEqual([]);
    await addCard(m, '4111111111111111');
    await addCard(m, '5555555555554444');
    await addCard(m, '378282246310005', { cvv: '1234' });
    // A card waiting for 3-D Secure is not one of the saved cards yet.
    const card = testCard('4000000000003220');
    const pending = await t.call(
      calls.addCard,
      {
        encryptCustomerInput: await encryptedCardFor(t, m.headers, card),
        cardHolder: 'Ann Lee',
        paymentProductId: 1,
      },
      m.headers,
    );
    expect(pending.body.result).toMatchObject({ status: 'verify' });

    const cards = await list(m);
    expect(summary(cards)).toEqual(['1111*', '0005', '4444']);
    expect(cards[0]).toEqual({
      cardId: expect.any(String) as string,
      productName: 'Visa',
      productLogo: `${provider.psp.url}/assets/logos/visa.svg`,
      last4: '1111',
      expiryMonth: 12,
      expiryYear: 2030,
      isExpired: false,
      isDefault: true,
      // Where the browser posts the security code before paying: the provider, never us.
      securityCode: {
        url: `${provider.psp.url}/ingenico/cacheCvv`,
        token: await tokenOfCard(cards[0]!.cardId),
      },
    });
    expect(cards.map((c) => c.productName)).toEqual(['Visa', 'American Express', 'MasterCard']);
    // Another member sees none of them.
    expect(await list(await newMember())).toEqual([]);
  });

  it('makes exactly one card the default', async () => {
    const m = await newMember();
    const visa = await addCard(m, '4111111111111111');
    const mc = await addCard(m, '5555555555554444');

    const { body } = await setDefault(m, mc);
    expect(body).toMatchObject({ state: '1', errorCode: null });
    expect(summary(body.result as PaymentCard[])).toEqual(['4444*', '1111']);
    const defaults = await t.app.db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, m.user.id), eq(paymentCards.isDefault, true)));
    expect(defaults).toEqual([{ id: mc }]);

    // Again, or back: still one.
    expect(summary((await setDefault(m, mc)).body.result as PaymentCard[])).toEqual([
      '4444*',
      '1111',
    ]);
    expect(summary((await setDefault(m, visa)).body.result as PaymentCard[])).toEqual([
      '1111*',
      '4444',
    ]);
  });

  it('deletes a card and its token; the newest remaining card becomes the default', async () => {
    const m = await newMember();
    const visa = await addCard(m, '4111111111111111');
    const mc = await addCard(m, '5555555555554444');
    const amex = await addCard(m, '378282246310005', { cvv: '1234' });
    const visaToken = await tokenOfCard(visa);
    const mcToken = await tokenOfCard(mc);

    // Not the default: the default stays.
    const first = await remove(m, mc);
    expect(first.body).toMatchObject({ state: '1', errorCode: null });
    expect(summary(first.body.result as PaymentCard[])).toEqual(['1111*', '0005']);
    expect(tokensAt(provider).some((tk) => tk.id === mcToken)).toBe(false);

    // The default: the newest left takes over.
    expect(summary((await remove(m, visa)).body.result as PaymentCard[])).toEqual(['0005*']);
    expect(tokensAt(provider).some((tk) => tk.id === visaToken)).toBe(false);
    expect(summary((await remove(m, amex)).body.result as PaymentCard[])).toEqual([]);
    expect(
      await t.app.db.select().from(paymentCards).where(eq(paymentCards.userId, m.user.id)),
    ).toEqual([]);
    // Gone: a second delete finds nothing.
    expectFailure(await remove(m, amex), 'notFound');
  });

  it("answers 10002 for another member's card, and leaves it alone", async () => {
    const owner = await newMember();
    const card = await addCard(owner, '4111111111111111');
    await addCard(owner, '5555555555554444');
    const other = await newMember();
    await addCard(other, '4111111111111111');

    expectFailure(await setDefault(other, card), 'notFound');
    expectFailure(await remove(other, card), 'notFound');
    expectFailure(await t.call(calls.addCardStatus, { cardId: card }, other.headers), 'notFound');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      expectFailure(await setDefault(other, id), 'notFound');
      expectFailure(await remove(other, id), 'notFound');
    }
    expect(summary(await list(owner))).toEqual(['1111*', '4444']);
    expect(tokensAt(provider).some((tk) => tk.reference === card)).toBe(true);
  });

  it('answers 10002 for making a card waiting for 3-D Secure the default', async () => {
    const m = await newMember();
    await addCard(m, '4111111111111111');
    const { body } = await t.call(
      calls.addCard,
      {
        encryptCustomerInput: await encryptedCardFor(t, m.headers, testCard('4000000000003220')),
        cardHolder: 'Ann Lee',
        paymentProductId: 1,
      },
      m.headers,
    );
    const { cardId } = body.result as { cardId: string };
    expectFailure(await setDefault(m, cardId), 'notFound');
    // It may be deleted, though (the member gave up on it).
    expect(summary((await remove(m, cardId)).body.result as PaymentCard[])).toEqual(['1111*']);
  });
});

describe('isExpired', () => {
  it('turns true after the last day of the expiry month, on the UK calendar', async () => {
    const m = await newMember();
    await addCard(m, '4111111111111111', { expiryDate: '0630' });
    // A session opened at each moment: moving the clock ends the idle ones.
    const expired = async () => {
      const token = await createSession(t.app.db, m.user.id, t.clock.now());
      const { body } = await t.call(calls.paymentCards, {}, { authorization: `Bearer ${token}` });
      return (body.result as PaymentCard[])[0]!.isExpired;
    };
    try {
      t.clock.set('2030-06-30T22:59:59Z'); // 23:59:59 in London (BST)
      expect(await expired()).toBe(false);
      t.clock.set('2030-06-30T23:00:00Z'); // 1 July, midnight in London
      expect(await expired()).toBe(true);
      t.clock.set('2031-01-01T00:00:00Z');
      expect(await expired()).toBe(true);
    } finally {
      t.clock.set('2026-11-23T12:00:00Z');
    }
    expect(await expired()).toBe(false);
  });

  it('is read in GMT in winter', () => {
    const card = { expiryMonth: 12, expiryYear: 2030 };
    expect(isCardExpired(card, new Date('2030-12-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired(card, new Date('2031-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('forgetProviderTokens', () => {
  it('deletes each token, and only logs (without the token) when the provider fails', async () => {
    const asked: string[] = [];
    const warnings: unknown[] = [];
    const failing = {
      ...t.app.paymentProvider,
      configured: true,
      deleteToken: (id: string) => {
        asked.push(id);
        return id === 'bad' ? Promise.reject(new Error('provider down')) : Promise.resolve(true);
      },
    };
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    await forgetProviderTokens(failing, ['good', 'bad'], log as never);
    expect(asked.sort()).toEqual(['bad', 'good']);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain('bad"');
    expect(JSON.stringify(warnings)).toContain('provider down');
  });
});

describe('deleting the account', () => {
  it("makes the provider forget the member's cards", async () => {
    const m = await newMember();
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Card-Holder-2026') })
      .where(eq(users.id, m.user.id));
    await addCard(m, '4111111111111111');
    await addCard(m, '5555555555554444');
    const tokens = (
      await t.app.db.select().from(paymentCards).where(eq(paymentCards.userId, m.user.id))
    ).map((card) => card.providerToken);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(tokensAt(provider).map((k) => k.id)).toContain(token);

    const encrypt = await encrypterFor(t);
    const { body } = await t.call(
      calls.deleteAccount,
      { password: encrypt('Card-Holder-2026') },
      m.headers,
    );
    expect(body).toMatchObject({ state: '1', result: { deleted: true } });
    for (const token of tokens) expect(tokensAt(provider).map((k) => k.id)).not.toContain(token);
  });
});

describe("the pages' CSP with a provider", () => {
  it("lets the provider's SDK reach its client API and the card logos load, nothing else", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    const origin = new URL(provider.env.PSP_URL).origin;
    expect(csp).toContain(`connect-src 'self' ${origin}`);
    expect(csp).toContain(`img-src 'self' data: ${origin}`);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});
