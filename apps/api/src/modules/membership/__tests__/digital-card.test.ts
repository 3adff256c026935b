import { calls, cardCode, type DigitalCard } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships } from '../../../db/schema';

const START = '2026-11-25T10:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(() => t.close());

let serial = 0;
async function holder(values: Parameters<typeof insertMembership>[1] = {}) {
  serial += 1;
  const m = await memberWithSession(t, { email: `digital.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2026-01-01T09:00:00Z'),
    passesPerYear: 4,
    passesUsed: 1,
    ...values,
  });
  return { ...m, membership };
}

const fetchCard = async (headers: Record<string, string>) => {
  const { body } = await t.call(calls.digitalCard, {}, headers);
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return body.result as DigitalCard;
};

const verify = (code: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/ops-api/digital-card/verify',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    })
    .then((r) => ({ status: r.statusCode, body: r.json<Record<string, unknown>>() }));

describe('membership/digital-card', () => {
  it("answers the card in use: a token signed for its number and holder, and the card's TOTP secret", async () => {
    t.clock.set(START);
    const m = await holder({ expiresOn: '2028-03-31' });
    const card = await fetchCard(m.headers);
    expect(card).toMatchObject({
      dpid: m.membership.dpid,
      holderName: 'Ann Lee',
      issuer: 'natwest',
      cardName: 'Black Account',
      expiresOn: '2028-03-31',
      period: 30,
      // 30 days on (sooner than the membership's end).
      tokenExpiresAt: '2026-12-25T10:00:00.000Z',
    });
    expect(card.secret).toMatch(/^[A-Z2-7]+=*$/);
    // The signature checks out with the public key anyone may fetch.
    const jwks = await t.app.inject({ method: 'GET', url: '/digital-card/keys.json' });
    expect(jwks.statusCode).toBe(200);
    const [jwk] = jwks.json<{ keys: Record<string, string>[] }>().keys;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwk).not.toHaveProperty('d');
    const { payload } = await jwtVerify(card.token, await importJWK(jwk!, 'EdDSA'), {
      currentDate: t.clock.now(),
    });
    expect(payload).toMatchObject({ dpid: m.membership.dpid, status: 'active' });
    // The same secret each time (the device may keep it), a new token.
    t.clock.advance(1000);
    expect((await fetchCard(m.headers)).secret).toBe(card.secret);
  });

  it('refuses a suspended membership (30041), an expired one (30043) and a member without one', async () => {
    t.clock.set(START);
    const suspended = await holder({ status: 'suspended' });
    expectFailure(await t.call(calls.digitalCard, {}, suspended.headers), 'membershipSuspended');
    const expired = await holder({ status: 'expired', expiresOn: '2026-10-31' });
    expectFailure(await t.call(calls.digitalCard, {}, expired.headers), 'membershipExpired');
    // Past its last day though not yet marked expired.
    const lapsed = await holder({ expiresOn: '2026-11-24' });
    expectFailure(await t.call(calls.digitalCard, {}, lapsed.headers), 'membershipExpired');
    serial += 1;
    const none = await memberWithSession(t, { email: `digital.${serial}@example.com` });
    expectFailure(await t.call(calls.digitalCard, {}, none.headers), 'notFound');
  });
});

describe('POST /ops-api/digital-card/verify', () => {
  it('accepts the current code with the holder, status and passes left; a code older than ~90 s is refused', async () => {
    t.clock.set(START);
    const m = await holder({ passesBought: 5 });
    const card = await fetchCard(m.headers);
    const code = cardCode(card.token, card.secret, t.clock.now());
    expect(await verify(code)).toEqual({
      status: 200,
      body: {
        valid: true,
        dpid: m.membership.dpid,
        holderName: 'Ann Lee',
        issuer: 'natwest',
        status: 'active',
        expiresOn: m.membership.expiresOn,
        passesLeft: 8,
      },
    });
    // 60 s later the same code still passes (a slow queue); 120 s later it is stale.
    t.clock.advance(60_000);
    expect((await verify(code)).body).toMatchObject({ valid: true });
    t.clock.advance(60_000);
    expect((await verify(code)).body).toEqual({ valid: false, reason: 'stale-code' });
    // The code the device shows now passes.
    expect((await verify(cardCode(card.token, card.secret, t.clock.now()))).body).toMatchObject({
      valid: true,
    });
  });

  it("refuses another card's code, a forged signature and anything else", async () => {
    t.clock.set(START);
    const mine = await fetchCard((await holder()).headers);
    const other = await fetchCard((await holder()).headers);
    const now = t.clock.now();
    // My token with the other card's rotating code: a screenshot passed on.
    expect((await verify(cardCode(mine.token, other.secret, now))).body).toEqual({
      valid: false,
      reason: 'wrong-code',
    });
    const [header, payload] = mine.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await verify(cardCode(forged, mine.secret, now))).body).toEqual({
      valid: false,
      reason: 'bad-signature',
    });
    expect((await verify('not a card')).body).toEqual({ valid: false, reason: 'malformed' });
    expect((await verify('')).status).toBe(400);
  });

  it('refuses a genuine card whose membership was suspended since the token was issued', async () => {
    t.clock.set(START);
    const m = await holder();
    const card = await fetchCard(m.headers);
    await t.app.db
      .update(memberships)
      .set({ status: 'suspended' })
      .where(eq(memberships.dpid, m.membership.dpid));
    expect((await verify(cardCode(card.token, card.secret, t.clock.now()))).body).toMatchObject({
      valid: false,
      reason: 'not-active',
      card: { dpid: m.membership.dpid, status: 'suspended' },
    });
  });
});
