import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { attemptLocks, outbox, verifications } from '../../db/schema';
import { CallError } from '../call-error';
import {
  checkCode,
  issueCode,
  issueToken,
  retireOutstandingOf,
  type IssueRequest,
} from '../verification';

let t: TestApp;
let ann: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
  ann = (
    await insertUser(t.app.db, { email: 'ann.scoped@example.com', mobileNumber: '7400660001' })
  ).id;
  bob = (
    await insertUser(t.app.db, { email: 'bob.scoped@example.com', mobileNumber: '7400660002' })
  ).id;
});
afterAll(() => t.close());

const text = (code: string) => ({ subject: 'Code', body: `Your code is ${code}` });
const change = (target: string, userId: string): IssueRequest => ({
  purpose: 'email-change',
  target,
  channel: 'email',
  userId,
});
const issue = (target: string, userId: string) =>
  issueCode(t.app.db, change(target, userId), text, t.clock.now());
const check = (target: string, userId: string, code: string) =>
  t.app.db.transaction((tx) =>
    checkCode(tx, { purpose: 'email-change', target, userId, code }, t.clock.now()),
  );
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

/** The code of the latest message to a target (several members may be sent one). */
async function latestCode(target: string): Promise<string> {
  const [row] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, target))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row?.code) throw new Error(`no code sent to ${target}`);
  return row.code;
}

async function keysLike(pattern: string): Promise<string[]> {
  const rows = await t.app.db
    .select({ key: attemptLocks.key })
    .from(attemptLocks)
    .where(like(attemptLocks.key, pattern));
  return rows.map((r) => r.key).sort();
}

async function busy(promise: Promise<unknown>): Promise<CallError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CallError)) throw new Error('expected a CallError');
  return err;
}

describe('change codes (email-change, mobile-change) belong to the member who asked', () => {
  it("another member's code for the same target does not retire this member's", async () => {
    const target = 'shared.one@example.com';
    await issue(target, ann);
    const annCode = await latestCode(target);
    t.clock.advance(1000);
    await issue(target, bob);
    const bobCode = await latestCode(target);
    expect((await check(target, ann, annCode)).ok).toBe(true);
    expect((await check(target, bob, bobCode)).ok).toBe(true);
  });

  it("another member cannot use up this member's code: not found for them (wrong code)", async () => {
    const target = 'shared.two@example.com';
    await issue(target, ann);
    const annCode = await latestCode(target);
    expect(await check(target, bob, annCode)).toEqual({ ok: false, error: 'codeNotRecognised' });
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.target, target), eq(verifications.userId, ann)));
    expect(row).toMatchObject({ usedAt: null, attempts: 0 });
    const ok = await check(target, ann, annCode);
    expect(ok.ok && ok.verification.userId).toBe(ann);
    // Nobody's code at all: expired or never sent, as before.
    expect(await check('nobody.asked@example.com', bob, '123456')).toEqual({
      ok: false,
      error: 'codeExpired',
    });
  });

  it("another member's wrong codes lock only them", async () => {
    const target = 'shared.three@example.com';
    await issue(target, ann);
    const annCode = await latestCode(target);
    await issue(target, bob);
    const bobCode = await latestCode(target);
    expect(await check(target, bob, wrong(bobCode))).toMatchObject({ error: 'codeNotRecognised' });
    expect(await check(target, bob, wrong(bobCode))).toMatchObject({ error: 'codeNotRecognised' });
    expect(await check(target, bob, wrong(bobCode))).toEqual({
      ok: false,
      error: 'codeLocked',
      time: 300,
    });
    expect((await check(target, ann, annCode)).ok).toBe(true);
    expect(await keysLike(`verify-code:email-change:%:${target}`)).toEqual([
      `verify-code:email-change:${bob}:${target}`,
    ]);
  });

  it("another member's requests do not spend this member's, nor start their wait", async () => {
    const target = 'shared.four@example.com';
    for (let i = 0; i < 3; i++) await issue(target, bob);
    const bobBusy = await busy(issue(target, bob));
    expect(bobBusy).toMatchObject({ errorName: 'codeBusy', code: '30031' });
    await expect(issue(target, ann)).resolves.toMatchObject({ id: expect.any(String) as string });
    expect(await keysLike(`verify-send:email-change:%:${target}`)).toEqual(
      [
        `verify-send:email-change:${ann}:${target}`,
        `verify-send:email-change:${bob}:${target}`,
      ].sort(),
    );
  });

  it('are scoped for mobile-change too, and need the member', async () => {
    const target = '+447400669999';
    const mobile = (userId: string): IssueRequest => ({
      purpose: 'mobile-change',
      target,
      channel: 'sms',
      userId,
    });
    await issueCode(t.app.db, mobile(ann), text, t.clock.now());
    const annCode = await latestCode(target);
    await issueCode(t.app.db, mobile(bob), text, t.clock.now());
    const checked = await checkCode(
      t.app.db,
      { purpose: 'mobile-change', target, userId: ann, code: annCode },
      t.clock.now(),
    );
    expect(checked.ok).toBe(true);
    await expect(
      issueCode(t.app.db, { ...mobile(ann), userId: null }, text, t.clock.now()),
    ).rejects.toThrow(/needs the member/);
    await expect(
      checkCode(t.app.db, { purpose: 'email-change', target, code: '123456' }, t.clock.now()),
    ).rejects.toThrow(/needs the member/);
  });
});

describe('other purposes stay per purpose and target', () => {
  it('keep their lock keys, and one code per target whoever it was for', async () => {
    const target = '+447400660010';
    const login = (userId: string): IssueRequest => ({
      purpose: 'login-code',
      target,
      channel: 'sms',
      userId,
    });
    await issueCode(t.app.db, login(ann), text, t.clock.now());
    t.clock.advance(1000);
    await issueCode(t.app.db, login(bob), text, t.clock.now());
    const second = await latestCode(target);
    const checkLogin = (code: string) =>
      checkCode(t.app.db, { purpose: 'login-code', target, code }, t.clock.now());
    // Bob's code retired Ann's: only the latest row is checked.
    const [annRow] = await t.app.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.target, target), eq(verifications.userId, ann)));
    expect(annRow?.expiresAt).toEqual(t.clock.now());
    expect(await checkLogin(wrong(second))).toEqual({ ok: false, error: 'codeNotRecognised' });
    expect(await keysLike(`verify-%:login-code:%${target.slice(1)}`)).toEqual([
      `verify-code:login-code:${target}`,
      `verify-send:login-code:${target}`,
    ]);
    const used = await checkLogin(second);
    expect(used.ok && used.verification.userId).toBe(bob);
  });
});

describe('retireOutstandingOf', () => {
  it("ends the purposes' unused codes and tokens of the user or the targets, and only those", async () => {
    const now = t.clock.now();
    const email = 'Old.Address@Example.com';
    const of = (request: IssueRequest) => issueCode(t.app.db, request, text, now);
    const toUser = await of({
      purpose: 'login-code',
      target: '+447400660020',
      channel: 'sms',
      userId: ann,
    });
    const toTarget = await of({
      purpose: 'forgot-password',
      target: email.toLowerCase(),
      channel: 'email',
    });
    const token = await issueToken(
      t.app.db,
      { purpose: 'password-reset', target: 'elsewhere@example.com', channel: 'email', userId: ann },
      1800,
      now,
    );
    const otherPurpose = await of({
      purpose: 'registration',
      target: email.toLowerCase(),
      channel: 'email',
    });
    const otherUser = await of({
      purpose: 'login-code',
      target: '+447400660021',
      channel: 'sms',
      userId: bob,
    });

    await retireOutstandingOf(
      t.app.db,
      {
        purposes: ['login-code', 'forgot-password', 'password-reset'],
        userId: ann,
        targets: [email],
      },
      now,
    );
    const expiresAt = async (id: string) =>
      (await t.app.db.select().from(verifications).where(eq(verifications.id, id)))[0]?.expiresAt;
    for (const retired of [toUser, toTarget, token])
      expect(await expiresAt(retired.id)).toEqual(now);
    for (const kept of [otherPurpose, otherUser]) {
      expect(await expiresAt(kept.id)).toEqual(kept.expiresAt);
    }
  });
});
