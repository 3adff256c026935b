import { calls, type Membership } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { insertMembership, pdfText } from '../../../../test/fixtures';
import { createTestApp, unchecked, type TestApp } from '../../../../test/test-app';
import { memberships, users } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t.close());

let serial = 0;
/** A member with two memberships (the first registered a year before the second). */
async function memberWithTwo(values: { emailVerified?: boolean } = {}) {
  serial += 1;
  const m = await memberWithSession(t, {
    email: `membership.${serial}@example.com`,
    emailVerifiedAt: values.emailVerified === false ? null : new Date('2026-01-01T00:00:00Z'),
  });
  const first = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-06-01T09:00:00Z'),
    passesPerYear: 4,
    passesUsed: 1,
    passesBought: 5,
  });
  const second = await insertMembership(t.app.db, {
    userId: m.user.id,
    issuer: 'coop',
    cardType: 'premier',
    registeredAt: new Date('2026-06-01T09:00:00Z'),
    expiresOn: '2026-10-31',
    status: 'expired',
  });
  return { ...m, first, second };
}

const list = async (headers: Record<string, string>) => {
  const { body } = await t.call(calls.membershipList, {}, headers);
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return body.result as Membership[];
};

describe('membership/list', () => {
  it("the member's memberships, the first registered in use, with entitlements", async () => {
    const m = await memberWithTwo();
    const [inUse, other] = await list(m.headers);
    expect(inUse).toMatchObject({
      dpid: m.first.dpid,
      issuer: 'natwest',
      cardName: 'Black Account',
      holderName: 'Ann Lee',
      issuedOn: '2025-06-01',
      status: 'active',
      inUse: true,
      entitlements: {
        passesPerYear: 4,
        passesBought: 5,
        passesUsed: 1,
        passesLeft: 8,
        guestsPerVisit: 3,
      },
      sharedWith: [],
    });
    expect(inUse?.cardBg).toMatch(/^\/assets-api\/art\/card\//);
    expect(other).toMatchObject({ dpid: m.second.dpid, status: 'expired', inUse: false });
  });

  it('joint holders are shown by the last 4 digits of their numbers, with their names', async () => {
    const m = await memberWithTwo();
    const partner = await insertMembership(t.app.db, { holderName: 'Bo Lee' });
    await t.app.db
      .update(memberships)
      .set({ jointHolders: [partner.dpid] })
      .where(eq(memberships.dpid, m.first.dpid));
    const [inUse] = await list(m.headers);
    expect(inUse?.sharedWith).toEqual([
      { dpid: `•••• •••• •••• ${partner.dpid.slice(-4)}`, holderName: 'Bo Lee' },
    ]);
    const { body } = await t.call(calls.jointAccountInUse, {}, m.headers);
    expect(body.result).toEqual({ joint: true, sharedWith: inUse?.sharedWith });
  });

  it('a membership not held jointly: inUsedJointAccount says so', async () => {
    const m = await memberWithTwo();
    const { body } = await t.call(calls.jointAccountInUse, {}, m.headers);
    expect(body).toMatchObject({ state: '1', result: { joint: false, sharedWith: [] } });
  });

  it('needs a login', async () => {
    expectFailure(await t.call(calls.membershipList, {}), 'authFailure');
  });
});

describe('membership/switch', () => {
  it('puts another of the member’s memberships in use, kept on the server', async () => {
    const m = await memberWithTwo();
    const { body } = await t.call(calls.switchMembership, { dpid: m.second.dpid }, m.headers);
    expect(body).toMatchObject({ state: '1' });
    const answered = body.result as Membership[];
    expect(answered.map((x) => [x.dpid, x.inUse])).toEqual([
      [m.second.dpid, true],
      [m.first.dpid, false],
    ]);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, m.user.id));
    expect(user?.membershipInUse).toBe(m.second.dpid);
    expect((await list(m.headers))[0]?.dpid).toBe(m.second.dpid);
  });

  it("someone else's membership, or a number on file for nobody: not found, nothing changes", async () => {
    const m = await memberWithTwo();
    const other = await memberWithTwo();
    expectFailure(
      await t.call(calls.switchMembership, { dpid: other.first.dpid }, m.headers),
      'notFound',
    );
    const free = await insertMembership(t.app.db);
    expectFailure(await t.call(calls.switchMembership, { dpid: free.dpid }, m.headers), 'notFound');
    expect((await list(m.headers))[0]?.dpid).toBe(m.first.dpid);
  });

  it('a malformed number is refused by its shape', async () => {
    const m = await memberWithTwo();
    expectFailure(
      await t.call(calls.switchMembership, unchecked({ dpid: '1234' }), m.headers),
      'invalidRequest',
    );
  });

  it('a choice that is no longer the member’s falls back to the first registered', async () => {
    const m = await memberWithTwo();
    await t.call(calls.switchMembership, { dpid: m.second.dpid }, m.headers);
    await t.app.db
      .update(memberships)
      .set({ userId: null })
      .where(eq(memberships.dpid, m.second.dpid));
    const answered = await list(m.headers);
    expect(answered.map((x) => [x.dpid, x.inUse])).toEqual([[m.first.dpid, true]]);
  });
});

describe('membership/status', () => {
  it('the membership in use and whether the email is verified', async () => {
    const m = await memberWithTwo();
    const { body } = await t.call(calls.membershipStatus, {}, m.headers);
    expect(body).toMatchObject({
      state: '1',
      result: { emailVerified: true, membership: { dpid: m.first.dpid, status: 'active' } },
    });
  });

  it('an unverified email, and an expired membership in use', async () => {
    const m = await memberWithTwo({ emailVerified: false });
    await t.call(calls.switchMembership, { dpid: m.second.dpid }, m.headers);
    const { body } = await t.call(calls.membershipStatus, {}, m.headers);
    expect(body).toMatchObject({
      state: '1',
      result: { emailVerified: false, membership: { dpid: m.second.dpid, status: 'expired' } },
    });
  });

  it('a member who holds no membership any more: not found', async () => {
    serial += 1;
    const m = await memberWithSession(t, { email: `membership.none.${serial}@example.com` });
    expectFailure(await t.call(calls.membershipStatus, {}, m.headers), 'notFound');
    expect(await list(m.headers)).toEqual([]);
  });
});

describe('membership/pdf-stream', () => {
  const certificate = (headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/client-api${calls.membershipCertificate.path}`,
      headers: { channel: 'ASE', ...headers },
      payload,
    });

  it('the certificate of the membership in use: name, number grouped, dates, issuer', async () => {
    const m = await memberWithTwo();
    const response = await certificate(m.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`membership-${m.first.dpid}.pdf`);
    const text = pdfText(response.rawPayload).join(' ');
    expect(text).toContain('Ann Lee');
    expect(text).toContain(m.first.dpid.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(text).toContain('NatWest');
    expect(text).toContain('1 June 2025');
    expect(text).toContain('30 November 2029');
  });

  it('another of the member’s by number; anyone else’s is not found', async () => {
    const m = await memberWithTwo();
    const other = await memberWithTwo();
    const own = await certificate(m.headers, { dpid: m.second.dpid });
    expect(pdfText(own.rawPayload).join(' ')).toContain('The Co-operative Bank');
    expectFailure(
      await t.call(calls.membershipCertificate, { dpid: other.first.dpid }, m.headers),
      'notFound',
    );
  });
});
