import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { outbox, users } from '../../../db/schema';
import { createSession } from '../../../platform/sessions';

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://lounges.example/' } });
  bare = await createTestApp({ env: { PORT: '4123' } });
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

async function member(app: TestApp, email: string, issuer = 'natwest') {
  const user = await insertUser(app.app.db, { email, issuer });
  const token = await createSession(app.app.db, user.id, app.clock.now());
  return { userId: user.id, headers: { authorization: `Bearer ${token}` } };
}

async function linkSentTo(app: TestApp, email: string) {
  const rows = await app.app.db.select().from(outbox).where(eq(outbox.to, email));
  const row = rows.at(-1);
  if (!row?.link) throw new Error(`no link sent to ${email}`);
  return { row, uuid: row.link.split('/').at(-1)! };
}

describe('email validation', () => {
  it('answers whether the email is verified', async () => {
    const ann = await member(t, 'status@example.com');
    const { body } = await t.call(calls.emailValidateStatus, {}, ann.headers);
    expect(body).toEqual({ state: '1', errorCode: null, result: { emailIsCheck: false } });
    await t.app.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.id, ann.userId));
    const after = await t.call(calls.emailValidateStatus, {}, ann.headers);
    expect(after.body.result).toEqual({ emailIsCheck: true });
  });

  it('sends a link to /regist/result/<uuid> that verifies the address once', async () => {
    const ann = await member(t, 'Link@Example.com');
    const sent = await t.call(calls.sendValidateEmail, {}, ann.headers);
    expect(sent.body.result).toEqual({ sent: true, email: 'Link@Example.com' });
    const { row, uuid } = await linkSentTo(t, 'Link@Example.com');
    expect(row.link).toMatch(/^https:\/\/lounges\.example\/regist\/result\/[0-9a-f-]{36}$/);
    expect(row.subject).toBe('Confirm your email address');
    expect(row.body).toContain(row.link);
    expect(row.body).toContain('NatWest');

    const confirmed = await t.call(calls.validateEmail, { uuid });
    expect(confirmed.body).toEqual({
      state: '1',
      errorCode: null,
      result: { email: 'Link@Example.com' },
    });
    const status = await t.call(calls.emailValidateStatus, {}, ann.headers);
    expect(status.body.result).toEqual({ emailIsCheck: true });
    const again = await t.call(calls.validateEmail, { uuid });
    expect(again.body).toMatchObject({ state: '0', errorCode: '40006', errorMsg: 'Link Expired' });
  });

  it('sends nothing once the address is verified', async () => {
    const ann = await member(t, 'done@example.com');
    await t.app.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.id, ann.userId));
    const { body } = await t.call(calls.sendValidateEmail, {}, ann.headers);
    expect(body.result).toEqual({ sent: false, email: 'done@example.com' });
    expect(await t.app.db.select().from(outbox).where(eq(outbox.to, 'done@example.com'))).toEqual(
      [],
    );
  });

  it('answers linkExpired after 24 hours and notFound for an unknown uuid', async () => {
    const ann = await member(t, 'late@example.com');
    await t.call(calls.sendValidateEmail, {}, ann.headers);
    const { uuid } = await linkSentTo(t, 'late@example.com');
    t.clock.advance(24 * 3600_000);
    expect((await t.call(calls.validateEmail, { uuid })).body.errorCode).toBe('40006');
    const unknown = await t.call(calls.validateEmail, {
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.body).toMatchObject({ state: '0', errorCode: '10002' });
  });

  it('does not verify an address the member has changed since the link was sent', async () => {
    const ann = await member(t, 'old@example.com');
    await t.call(calls.sendValidateEmail, {}, ann.headers);
    const { uuid } = await linkSentTo(t, 'old@example.com');
    await t.app.db.update(users).set({ email: 'new@example.com' }).where(eq(users.id, ann.userId));
    expect((await t.call(calls.validateEmail, { uuid })).body.errorCode).toBe('40006');
    const status = await t.call(calls.emailValidateStatus, {}, ann.headers);
    expect(status.body.result).toEqual({ emailIsCheck: false });
  });

  it('answers codeBusy with the seconds to wait after 3 requests', async () => {
    const ann = await member(t, 'busy@example.com');
    for (let i = 0; i < 3; i++) {
      const { body } = await t.call(calls.sendValidateEmail, {}, ann.headers);
      expect(body.state).toBe('1');
    }
    t.clock.advance(60_000);
    const { body } = await t.call(calls.sendValidateEmail, {}, ann.headers);
    expect(body).toMatchObject({ state: '0', errorCode: '30031', result: { time: 240 } });
  });

  it('builds the link on localhost and the port when PUBLIC_URL is unset', async () => {
    const bob = await member(bare, 'bob@example.com', 'default');
    await bare.call(calls.sendValidateEmail, {}, bob.headers);
    const { row } = await linkSentTo(bare, 'bob@example.com');
    expect(row.link).toMatch(/^http:\/\/localhost:4123\/regist\/result\/[0-9a-f-]{36}$/);
  });

  it('needs a member for status and sending, and a uuid to validate', async () => {
    for (const call of [calls.emailValidateStatus, calls.sendValidateEmail]) {
      const { body } = await t.call(call, unchecked({}));
      expect(body).toMatchObject({ state: '0', errorCode: '20002' });
    }
    for (const payload of [{}, { uuid: 'not-a-uuid' }, { uuid: 7 }]) {
      const { body } = await t.call(calls.validateEmail, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});
