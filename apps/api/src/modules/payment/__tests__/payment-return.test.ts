import { calls, type OrderState } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { answerChallenge, openWithProvider } from '../../../../test/payment-provider';
import type { CallResponse, TestApp } from '../../../../test/test-app';

/*
 * Issue 60, item 2: 3-D Secure comes back to the portal address the member paid from (one of
 * the configured ones, never one taken from the request unchecked), with the order's
 * single-use reference, which tells a browser with no login there the order's outcome once.
 */

let t: TestApp;
let close: () => Promise<void>;
beforeAll(
  async () =>
    ({ t, close } = await openWithProvider({
      now: '2026-11-25T10:00:00Z',
      env: {
        PORT: '4100',
        PUBLIC_URL: 'https://lounges.example',
        ISSUER_URLS: 'barclays=https://barclays.lounges.example',
      },
    })),
);
afterAll(() => close());

const CHALLENGES = '4000002760003184';

let serial = 0;
async function buyer() {
  serial += 1;
  const m = await memberWithSession(t, { email: `return.${serial}@example.com` });
  await insertMembership(t.app.db, { userId: m.user.id, registeredAt: new Date('2025-01-01') });
  const cardId = await savedCard(t, m.user.id, CHALLENGES);
  return { ...m, cardId };
}

const stateOf = (response: CallResponse) => {
  expect(response.body).toMatchObject({ state: '1' });
  return response.body.result as OrderState;
};

/** Buys passes from a page at `origin` (the browser's Origin header); answers the challenge. */
async function buyFrom(origin: string, decision: 'approve' | 'decline') {
  const b = await buyer();
  const state = stateOf(
    await t.call(
      calls.prepareMembershipOrder,
      { item: 'pass-pack:1', cardId: b.cardId, idempotencyKey: `return-key-${serial}-abcdef` },
      { ...b.headers, origin },
    ),
  );
  expect(state.outcome).toBe('authenticate');
  const back = await answerChallenge(state.threeDSRedirectUrl!, decision);
  return { b, state, back, ref: back.searchParams.get('ref') ?? '' };
}

const returnStatus = (ref: string) => t.call(calls.paymentReturnStatus, { ref });

describe('the return from 3-D Secure', () => {
  it.each([
    ['an issuer host of development', 'http://natwest.localhost:4100'],
    ['the loopback address', 'http://127.0.0.1:4100'],
    ["an issuer's configured address", 'https://barclays.lounges.example'],
    ['PUBLIC_URL', 'https://lounges.example'],
  ])('comes back to the address the member paid from: %s', async (_name, origin) => {
    const { back, state } = await buyFrom(origin, 'approve');
    expect(back.origin).toBe(origin);
    expect(back.pathname).toBe('/membership/buy');
    expect(back.searchParams.get('orderId')).toBe(state.orderId);
    expect(back.searchParams.get('threeDS')).toBe('return');
  });

  it('never goes to an address that is not the portal’s: a forged Origin gets PUBLIC_URL', async () => {
    const { back } = await buyFrom('https://natwest.evil.example', 'approve');
    expect(back.origin).toBe('https://lounges.example');
    const other = await buyFrom('http://natwest.localhost:9999', 'approve');
    expect(other.back.origin).toBe('https://lounges.example');
  });

  it('tells a browser with no login the outcome once, by the reference, and settles it at once', async () => {
    const { ref, state } = await buyFrom('http://natwest.localhost:4100', 'approve');
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No token sent: the reference alone. The order is fulfilled now, not by the reconciler.
    const told = await returnStatus(ref);
    expect(told.body).toMatchObject({
      state: '1',
      result: { outcome: 'fulfilled', purchase: 'passes', reference: state.reference },
    });
    expect(told.response.headers['set-cookie']).toBeUndefined();
    // Spent: a second look, or someone who finds the address later, learns nothing.
    expectFailure(await returnStatus(ref), 'notFound');
  });

  it('is good for a day from the charge', async () => {
    const { ref } = await buyFrom('http://127.0.0.1:4100', 'approve');
    t.clock.advance(24 * 60 * 60 * 1000);
    expectFailure(await returnStatus(ref), 'notFound');
  });

  it('a declined challenge is told as failed; a reference still waiting is not spent', async () => {
    const declined = await buyFrom('http://127.0.0.1:4100', 'decline');
    expect((await returnStatus(declined.ref)).body).toMatchObject({
      result: { outcome: 'failed' },
    });

    const b = await buyer();
    // The return address as the portal gave it to the provider (the bank's page keeps it).
    const asked = vi.spyOn(t.app.paymentProvider, 'createPayment');
    const waiting = stateOf(
      await t.call(
        calls.prepareMembershipOrder,
        { item: 'pass-pack:1', cardId: b.cardId, idempotencyKey: `return-wait-${serial}-abcdef` },
        { ...b.headers, origin: 'http://127.0.0.1:4100' },
      ),
    );
    const returnUrl = new URL(asked.mock.calls[0]![0].returnUrl ?? '');
    asked.mockRestore();
    const ref = returnUrl.searchParams.get('ref') ?? '';
    // Asked before the challenge is answered: pending, and the reference still good.
    expect((await returnStatus(ref)).body).toMatchObject({ result: { outcome: 'pending' } });
    expect((await returnStatus(ref)).body).toMatchObject({ result: { outcome: 'pending' } });
    const back = await answerChallenge(waiting.threeDSRedirectUrl!, 'approve');
    expect(back.searchParams.get('ref')).toBe(ref);
    expect((await returnStatus(ref)).body).toMatchObject({
      result: { outcome: 'fulfilled' },
    });
  });

  it('refuses a reference that was never made', async () => {
    expectFailure(await returnStatus('A'.repeat(43)), 'notFound');
    expectFailure(await t.call(calls.paymentReturnStatus, { ref: 'short' }), 'invalidRequest');
  });
});
