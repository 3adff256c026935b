import { demoMembershipNumber, calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { secondInstance, type TestApp } from '../../../../test/test-app';
import { registrations } from '../../../db/schema';
import { newMembershipNumber } from '../../../members/membership-number';
import { createSignUpApp, fromClient, type SignUpSteps } from './sign-up-steps';

let t: TestApp;
let steps: SignUpSteps;
beforeAll(async () => {
  ({ t, steps } = await createSignUpApp());
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A 16-digit number whose last digit is not its Luhn check digit. */
const failingCheckDigit = () => {
  const valid = newMembershipNumber();
  return valid.slice(0, -1) + String((Number(valid.slice(-1)) + 1) % 10);
};

describe('/reg-activation/verify-card', () => {
  it('opens a registration session for an issued number, spaces or not', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const grouped = dpid.replace(/(\d{4})(?=\d)/g, '$1 ');
    const { body } = await steps.verify(grouped, fromClient('10.0.1.1'));
    expect(body).toMatchObject({ state: '1', errorCode: null });
    const { uuid } = body.result as { uuid: string };
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, uuid));
    expect(row).toMatchObject({ dpid, clientKey: '10.0.1.1', details: null, completedAt: null });
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * MINUTE);
  });

  it("replaces the client's unfinished session for the number", async () => {
    const { dpid } = await insertMembership(t.app.db);
    const client = fromClient('10.0.1.2');
    const earlier = await steps.open(dpid, client);
    const later = await steps.open(dpid, client);
    const rows = await t.app.db.select().from(registrations).where(eq(registrations.dpid, dpid));
    expect(rows.map((r) => r.id)).toEqual([later]);
    expect(later).not.toBe(earlier);
  });

  it('answers 30011 for a failing check digit and 30008 for a number not on file', async () => {
    const client = fromClient('10.0.2.1');
    const malformed = await steps.verify(failingCheckDigit(), client);
    expect(malformed.body).toEqual({
      state: '0',
      errorCode: '30011',
      errorMsg: 'The membership number is not recognised.',
    });
    const unknown = await steps.verify(newMembershipNumber(), client);
    expect(unknown.body).toEqual({
      state: '0',
      errorCode: '30008',
      errorMsg: 'Membership number not recognised. Please check and try again.',
    });
  });

  it('answers 10001 for what is not 16 digits', async () => {
    for (const dpid of ['123', '12345678901234567', '1234 5678 9012 345x', '']) {
      expectFailure(await steps.verify(dpid, fromClient('10.0.3.1')), 'invalidRequest');
    }
  });

  it('locks the client for 5 minutes at the third wrong number, also on a second instance', async () => {
    const client = fromClient('10.0.4.1');
    const { dpid } = await insertMembership(t.app.db);
    expectFailure(await steps.verify(failingCheckDigit(), client), 'membershipNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'verifySessionLocked', {
      time: 300,
    });

    t.clock.advance(MINUTE);
    expectFailure(await steps.verify(dpid, client), 'verifySessionLocked', { time: 240 });
    const other = await secondInstance(t);
    try {
      const { body } = await other.call(calls.verifyCard, { dpid }, client);
      expect(body).toMatchObject({ state: '0', errorCode: '300090', result: { time: 240 } });
    } finally {
      await other.close();
    }
    // Another client is not locked.
    expect((await steps.verify(dpid, fromClient('10.0.4.2'))).body.state).toBe('1');

    t.clock.advance(4 * MINUTE - 1000);
    expectFailure(await steps.verify(dpid, client), 'verifySessionLocked', { time: 1 });
    t.clock.advance(1000);
    // The other client's session is older than 30 s by now.
    expect((await steps.verify(dpid, client)).body.state).toBe('1');
  });

  it('keys the lock on the connection unless the proxy is trusted to name the client', async () => {
    const direct = await createSignUpApp({ env: { TRUST_PROXY: '' } });
    try {
      for (const ip of ['10.9.0.1', '10.9.0.2']) {
        expectFailure(
          await direct.steps.verify(failingCheckDigit(), fromClient(ip)),
          'membershipNotRecognised',
        );
      }
      // A third wrong number locks, whatever address the caller claims to come from.
      expectFailure(
        await direct.steps.verify(failingCheckDigit(), fromClient('10.9.0.3')),
        'verifySessionLocked',
        {
          time: 300,
        },
      );
      expectFailure(
        await direct.steps.verify(failingCheckDigit(), fromClient('10.9.0.4')),
        'verifySessionLocked',
      );
    } finally {
      await direct.t.close();
    }
  });

  it('counts wrong numbers in a row: a right one clears the count, and so do 15 minutes', async () => {
    const client = fromClient('10.0.5.1');
    const { dpid } = await insertMembership(t.app.db);
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expect((await steps.verify(dpid, client)).body.state).toBe('1');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    t.clock.advance(15 * MINUTE);
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'numberNotRecognised');
    expectFailure(await steps.verify(newMembershipNumber(), client), 'verifySessionLocked', {
      time: 300,
    });
  });

  it('answers 30007 for the first membership of an account and 30034 for one added later', async () => {
    const user = await insertUser(t.app.db, { email: 'inuse@example.com' });
    const first = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: new Date('2025-01-01T00:00:00Z'),
    });
    const added = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: new Date('2025-06-01T00:00:00Z'),
    });
    const client = fromClient('10.0.6.1');
    expect((await steps.verify(first.dpid, client)).body).toEqual({
      state: '0',
      errorCode: '30007',
      errorMsg: 'Membership number already in use. Please log in',
    });
    expect((await steps.verify(added.dpid, client)).body).toEqual({
      state: '0',
      errorCode: '30034',
      errorMsg: 'Membership number already in use. Please log in',
    });
    // The seeded demo member's only number.
    expectFailure(
      await steps.verify(demoMembershipNumber('natwest', 'active'), client),
      'numberInUse',
    );
    // Numbers in use are right numbers: they do not count towards the lock.
    for (let i = 0; i < 3; i++)
      expectFailure(await steps.verify(first.dpid, client), 'numberInUse');
  });

  it('answers 30040 for a number held jointly with a registered one, either way round', async () => {
    const user = await insertUser(t.app.db, { email: 'joint@example.com' });
    const partner = newMembershipNumber();
    await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: t.clock.now(),
      jointHolders: [partner],
    });
    await insertMembership(t.app.db, { dpid: partner });
    const owned = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: t.clock.now(),
    });
    const listing = await insertMembership(t.app.db, { jointHolders: [owned.dpid] });
    const unrelated = await insertMembership(t.app.db, { jointHolders: [newMembershipNumber()] });
    const client = fromClient('10.0.7.1');
    for (const dpid of [partner, listing.dpid]) {
      expect((await steps.verify(dpid, client)).body).toEqual({
        state: '0',
        errorCode: '30040',
        errorMsg: 'The associated account of membership number has been registered. Please log in',
      });
    }
    expect((await steps.verify(unrelated.dpid, client)).body.state).toBe('1');
  });

  it('answers 30041 for a suspended membership', async () => {
    const { body } = await steps.verify(
      demoMembershipNumber('coop', 'suspended'),
      fromClient('10.0.8.1'),
    );
    expect(body).toEqual({
      state: '0',
      errorCode: '30041',
      errorMsg: 'Membership Suspended. Please contact us for help with your membership.',
    });
  });

  it('lets another client open the same number only 30 s after the last opening', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const first = fromClient('10.0.9.1');
    const second = fromClient('10.0.9.2');
    await steps.open(dpid, first);
    t.clock.advance(10_000);
    expect((await steps.verify(dpid, second)).body).toEqual({
      state: '0',
      errorCode: '300090',
      errorMsg: 'Too many attempts. Please wait 30 seconds and try again.',
      result: { time: 20 },
    });
    // The client that opened it may open it again (a reload, a step back).
    await steps.open(dpid, first);
    t.clock.advance(10_000);
    expectFailure(await steps.verify(dpid, second), 'verifySessionLocked', { time: 20 });
    t.clock.advance(20_000);
    const uuid = await steps.open(dpid, second);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The session lock is not a wrong number: the first client is not locked either.
    t.clock.advance(1000);
    expectFailure(await steps.verify(dpid, first), 'verifySessionLocked', { time: 29 });
  });
});
