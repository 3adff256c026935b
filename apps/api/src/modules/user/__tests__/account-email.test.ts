import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, messagesTo } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { users } from '../../../db/schema';
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

async function linkUuid(email: string): Promise<string> {
  const link = (await messagesTo(t, email)).findLast((m) => m.link)?.link;
  if (!link) throw new Error(`no link sent to ${email}`);
  return link.split('/').at(-1)!;
}

describe('/user/account-validate-status', () => {
  it('answers whether the email is verified, the email and the memberships held', async () => {
    const ann = await member('Status@Example.com', '7400597001');
    const status = () => t.call('/user/account-validate-status', {}, ann.headers);
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
    expectFailure(await t.call('/user/account-validate-status', {}), '20002');
    expectFailure(await t.call('/user/bind-email', { email: 'x@example.com' }), '20002');
  });
});

describe('/user/bind-email', () => {
  it('replaces an unverified email and sends the new one its link; the old link stops', async () => {
    const ann = await member('typo@exmaple.com', '7400597002');
    await t.call('/user/send-validate-email', {}, ann.headers);
    const oldLink = await linkUuid('typo@exmaple.com');

    const bound = await t.call('/user/bind-email', { email: ' Fixed@Example.com ' }, ann.headers);
    expect(bound.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, email: 'Fixed@Example.com' },
    });
    expectFailure(await t.call('/user/validate/email', { uuid: oldLink }), '40006');
    const newLink = await linkUuid('Fixed@Example.com');
    expect((await t.call('/user/validate/email', { uuid: newLink })).body.result).toEqual({
      email: 'Fixed@Example.com',
    });
    const status = await t.call('/user/account-validate-status', {}, ann.headers);
    expect(status.body.result).toMatchObject({ emailIsCheck: true, email: 'Fixed@Example.com' });

    // Verified now: the profile changes it, with a code.
    expectFailure(
      await t.call('/user/bind-email', { email: 'again@example.com' }, ann.headers),
      '10001',
    );
  });

  it("answers 30034 for another account's email, whatever its case", async () => {
    await insertUser(t.app.db, { email: 'owner@example.com', mobileNumber: '7400597003' });
    const ann = await member('mine@example.com', '7400597004');
    const { body } = await t.call('/user/bind-email', { email: 'OWNER@example.com' }, ann.headers);
    expect(body).toMatchObject({ state: '0', errorCode: '30034' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row?.email).toBe('mine@example.com');
  });

  it('answers 30031 at the fourth link to one address, and keeps the email unchanged', async () => {
    const ann = await member('busy@example.com', '7400597005');
    for (let i = 0; i < 3; i++) {
      const { body } = await t.call(
        '/user/bind-email',
        { email: 'new.busy@example.com' },
        ann.headers,
      );
      expect(body.state).toBe('1');
    }
    t.clock.advance(60_000);
    const { body } = await t.call(
      '/user/bind-email',
      { email: 'new.busy@example.com' },
      ann.headers,
    );
    expect(body).toMatchObject({ state: '0', errorCode: '30031', result: { time: 240 } });
    const other = await t.call(
      '/user/bind-email',
      { email: 'other.busy@example.com' },
      ann.headers,
    );
    expect(other.body.state).toBe('1');
    t.clock.advance(60_000);
    await t.call('/user/bind-email', { email: 'new.busy@example.com' }, ann.headers);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row?.email).toBe('other.busy@example.com');
  });

  it('refuses an invalid address', async () => {
    const ann = await member('valid@example.com', '7400597006');
    expectFailure(await t.call('/user/bind-email', { email: 'nope' }, ann.headers), '10001');
  });
});
