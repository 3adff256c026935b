import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypterFor, expectFailure, messagesTo } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { users } from '../../../db/schema';
import { hashPassword } from '../../../platform/password-crypto';
import { createSession } from '../../../platform/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(email: string, mobileNumber: string) {
  const user = await insertUser(t.app.db, { email, mobileNumber });
  const token = await createSession(t.app.db, user.id, t.clock.now());
  return { userId: user.id, headers: { authorization: `Bearer ${token}` } };
}

const verify = (userId: string) =>
  t.app.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, userId));

const userRow = async (userId: string) =>
  (await t.app.db.select().from(users).where(eq(users.id, userId)))[0];

async function linkUuid(email: string): Promise<string> {
  const link = (await messagesTo(t, email)).findLast((m) => m.link)?.link;
  if (!link) throw new Error(`no link sent to ${email}`);
  return link.split('/').at(-1)!;
}

describe('/user/account-validate-status', () => {
  it('answers whether the email is verified, the email and the memberships held', async () => {
    const ann = await member('Status@Example.com', '7400597001');
    const status = () => t.call(calls.accountValidateStatus, {}, ann.headers);
    expect((await status()).body).toEqual({
      state: '1',
      errorCode: null,
      result: { emailIsCheck: false, email: 'Status@Example.com', memberships: 0 },
    });
    await insertMembership(t.app.db, { userId: ann.userId });
    await insertMembership(t.app.db, { userId: ann.userId });
    await insertMembership(t.app.db);
    await verify(ann.userId);
    expect((await status()).body.result).toEqual({
      emailIsCheck: true,
      email: 'Status@Example.com',
      memberships: 2,
    });
  });

  it('needs a member', async () => {
    expectFailure(await t.call(calls.accountValidateStatus, {}), 'authFailure');
    expectFailure(await t.call(calls.bindEmail, { email: 'x@example.com' }), 'authFailure');
  });
});

describe('/user/bind-email (finding 2: it claimed any unregistered address without proof)', () => {
  it('keeps the old address until the new one opens its link; the old link stops', async () => {
    const ann = await member('typo@exmaple.com', '7400597002');
    await t.call(calls.sendValidateEmail, {}, ann.headers);
    const oldLink = await linkUuid('typo@exmaple.com');

    const bound = await t.call(calls.bindEmail, { email: ' Fixed@Example.com ' }, ann.headers);
    expect(bound.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, email: 'Fixed@Example.com' },
    });
    // Pending: the account keeps its address, so nothing can log in by the new one yet.
    expect((await userRow(ann.userId))?.email).toBe('typo@exmaple.com');
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Ann-Pass-1') })
      .where(eq(users.id, ann.userId));
    const encrypt = await encrypterFor(t);
    const byNew = { email: 'fixed@example.com', password: encrypt('Ann-Pass-1') };
    expectFailure(await t.call(calls.genToken, byNew), 'loginIncorrect');
    const byOld = { email: 'typo@exmaple.com', password: encrypt('Ann-Pass-1') };
    expect((await t.call(calls.genToken, byOld)).body.state).toBe('1');
    const pending = await t.call(calls.accountValidateStatus, {}, ann.headers);
    expect(pending.body.result).toMatchObject({ emailIsCheck: false, email: 'typo@exmaple.com' });
    expectFailure(await t.call(calls.validateEmail, { uuid: oldLink }), 'linkExpired');

    const newLink = await linkUuid('Fixed@Example.com');
    expect((await t.call(calls.validateEmail, { uuid: newLink })).body.result).toEqual({
      email: 'Fixed@Example.com',
    });
    const status = await t.call(calls.accountValidateStatus, {}, ann.headers);
    expect(status.body.result).toMatchObject({ emailIsCheck: true, email: 'Fixed@Example.com' });
    expectFailure(await t.call(calls.validateEmail, { uuid: newLink }), 'linkExpired');

    // Verified now: the profile changes it, with a code.
    expectFailure(
      await t.call(calls.bindEmail, { email: 'again@example.com' }, ann.headers),
      'invalidRequest',
    );
  });

  it("answers another account's email as any other, and tells its owner instead", async () => {
    await insertUser(t.app.db, { email: 'owner@example.com', mobileNumber: '7400597003' });
    const ann = await member('mine@example.com', '7400597004');
    const taken = await t.call(calls.bindEmail, { email: 'OWNER@example.com' }, ann.headers);
    const free = await t.call(calls.bindEmail, { email: 'free@example.com' }, ann.headers);
    expect(taken.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, email: 'OWNER@example.com' },
    });
    expect(free.body).toEqual({ ...taken.body, result: { sent: true, email: 'free@example.com' } });
    expect((await userRow(ann.userId))?.email).toBe('mine@example.com');
    const told = await messagesTo(t, 'OWNER@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      subject: 'Your email address was given for another account',
      link: null,
      code: null,
    });
    expect(told[0]?.body).toContain('nothing has changed');
  });

  it('answers 30034 at the link when another account has taken the address since', async () => {
    const ann = await member('slow@example.com', '7400597007');
    await t.call(calls.bindEmail, { email: 'race@example.com' }, ann.headers);
    await insertUser(t.app.db, { email: 'race@example.com', mobileNumber: '7400597008' });
    const uuid = await linkUuid('race@example.com');
    expectFailure(await t.call(calls.validateEmail, { uuid }), 'emailRegistered');
    expect((await userRow(ann.userId))?.email).toBe('slow@example.com');
  });

  it('answers 30031 at the fourth link to one address, taken or not', async () => {
    await insertUser(t.app.db, { email: 'held@example.com', mobileNumber: '7400597009' });
    const ann = await member('busy@example.com', '7400597005');
    const bob = await member('busy2@example.com', '7400597010');
    for (const [who, address] of [
      [ann, 'new.busy@example.com'],
      [bob, 'held@example.com'],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const { body } = await t.call(calls.bindEmail, { email: address }, who.headers);
        expect(body.state).toBe('1');
      }
      t.clock.advance(60_000);
      const { body } = await t.call(calls.bindEmail, { email: address }, who.headers);
      expect(body).toMatchObject({ state: '0', errorCode: '30031', result: { time: 240 } });
    }
    const other = await t.call(calls.bindEmail, { email: 'other@example.com' }, ann.headers);
    expect(other.body.state).toBe('1');
    expect((await userRow(ann.userId))?.email).toBe('busy@example.com');
  });

  it('answers 30031 past 5 requests of one member in 15 minutes, whatever the addresses', async () => {
    const ann = await member('many@example.com', '7400597011');
    for (let i = 0; i < 5; i++) {
      const { body } = await t.call(
        calls.bindEmail,
        { email: `many${i}@example.com` },
        ann.headers,
      );
      expect(body.state).toBe('1');
    }
    const sixth = await t.call(calls.bindEmail, { email: 'many5@example.com' }, ann.headers);
    expect(sixth.body).toMatchObject({ state: '0', errorCode: '30031', result: { time: 300 } });
    expect(await messagesTo(t, 'many5@example.com')).toEqual([]);
  });

  it('refuses an invalid address', async () => {
    const ann = await member('valid@example.com', '7400597006');
    expectFailure(await t.call(calls.bindEmail, { email: 'nope' }, ann.headers), 'invalidRequest');
  });
});
