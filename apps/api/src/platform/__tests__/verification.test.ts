import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { outbox, users, verifications } from '../../db/schema';
import { CallError } from '../call-error';
import {
  checkCode,
  codeCheckFailure,
  consumeLink,
  findLink,
  issueCode,
  issueLink,
  issueToken,
  retireUserLinks,
  type IssueRequest,
} from '../verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const request = (target: string): IssueRequest => ({
  purpose: 'login-code',
  target,
  channel: 'sms',
});
const text = (code: string) => ({ body: `Your code is ${code}` });

async function sentCode(target: string): Promise<string> {
  const [row] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, target))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row?.code) throw new Error(`no code sent to ${target}`);
  return row.code;
}

const issue = (target: string) => issueCode(t.app.db, request(target), text, t.clock.now());
const check = (target: string, code: string) =>
  t.app.db.transaction((tx) =>
    checkCode(tx, { purpose: 'login-code', target, code }, t.clock.now()),
  );
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function failed(target: string) {
  const outcome = await check(target, wrong(await sentCode(target)));
  if (outcome.ok) throw new Error('a wrong code was accepted');
  return outcome;
}

async function errorOf(promise: Promise<unknown>): Promise<CallError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CallError)) throw new Error('expected a CallError');
  return err;
}

describe('codes', () => {
  it('are 6 digits, sent through the outbox and stored only as a hash', async () => {
    const target = '+447400000001';
    const { id, expiresAt } = await issue(target);
    const code = await sentCode(target);
    expect(code).toMatch(/^\d{6}$/);
    expect(expiresAt.toISOString()).toBe('2026-03-01T12:10:00.000Z');
    const [row] = await t.app.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const [message] = await t.app.db.select().from(outbox).where(eq(outbox.to, target));
    expect(message?.body).toBe(`Your code is ${code}`);
  });

  it('are used up by the right code, once', async () => {
    const target = '+447400000002';
    await issue(target);
    const code = await sentCode(target);
    const ok = await check(target, code);
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.verification.usedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await check(target, code)).toEqual({ ok: false, error: 'codeExpired' });
  });

  it('expire after 10 minutes', async () => {
    const target = '+447400000003';
    await issue(target);
    const code = await sentCode(target);
    t.clock.advance(10 * 60_000);
    expect(await check(target, code)).toEqual({ ok: false, error: 'codeExpired' });
  });

  it('stop working when a newer code is sent', async () => {
    const target = '+447400000004';
    await issue(target);
    const first = await sentCode(target);
    t.clock.advance(1000);
    await issue(target);
    const second = await sentCode(target);
    if (first !== second) expect((await check(target, first)).ok).toBe(false);
    expect((await check(target, second)).ok).toBe(true);
  });

  it('lock for 5 minutes after 3 wrong codes, and retire the code', async () => {
    const target = '+447400000005';
    await issue(target);
    const code = await sentCode(target);
    expect(await check(target, wrong(code))).toEqual({ ok: false, error: 'codeNotRecognised' });
    expect(await check(target, wrong(code))).toEqual({ ok: false, error: 'codeNotRecognised' });
    const locked = await check(target, wrong(code));
    expect(locked).toEqual({ ok: false, error: 'codeLocked', time: 300 });
    t.clock.advance(60_000);
    expect(await check(target, code)).toEqual({ ok: false, error: 'codeLocked', time: 240 });
    const failure = codeCheckFailure({ ok: false, error: 'codeLocked', time: 240 });
    expect(failure).toMatchObject({ code: '30005', time: 240 });

    // The locked code is retired: after the lock a new one is needed.
    t.clock.advance(240_000);
    expect(await check(target, code)).toEqual({ ok: false, error: 'codeExpired' });
    await issue(target);
    expect((await check(target, await sentCode(target))).ok).toBe(true);
  });

  it('count wrong codes across resends, so a new code does not reset the count', async () => {
    const target = '+447400000006';
    await issue(target);
    expect(codeCheckFailure(await failed(target)).code).toBe('30014');
    await issue(target);
    expect(codeCheckFailure(await failed(target)).code).toBe('30014');
    await issue(target);
    expect(codeCheckFailure(await failed(target))).toMatchObject({ code: '30005', time: 300 });
  });

  it('answer codeBusy with the seconds left after 3 requests, writing nothing', async () => {
    const target = '+447400000007';
    await issue(target);
    t.clock.advance(30_000);
    await issue(target);
    t.clock.advance(30_000);
    await issue(target);
    t.clock.advance(60_000);
    const before = await t.app.db.select().from(outbox).where(eq(outbox.to, target));
    const busy = await errorOf(issue(target));
    expect(busy).toMatchObject({ errorName: 'codeBusy', code: '30031', time: 240 });
    const after = await t.app.db.select().from(outbox).where(eq(outbox.to, target));
    expect(after).toHaveLength(before.length);
    t.clock.advance(240_000);
    await expect(issue(target)).resolves.toMatchObject({ id: expect.any(String) as string });
  });

  it('throttle each purpose and target on its own', async () => {
    const target = '+447400000008';
    for (let i = 0; i < 3; i++) await issue(target);
    await expect(issue(target)).rejects.toBeInstanceOf(CallError);
    await expect(
      issueCode(t.app.db, { ...request(target), purpose: 'registration' }, text, t.clock.now()),
    ).resolves.toBeDefined();
    await expect(issue('+447400000009')).resolves.toBeDefined();
  });
});

describe('links', () => {
  const linkRequest: IssueRequest = {
    purpose: 'email-link',
    target: 'ann@example.com',
    channel: 'email',
    draft: { step: 1 },
  };
  const issueOne = () =>
    issueLink(
      t.app.db,
      linkRequest,
      (id) => `https://portal.example/regist/result/${id}`,
      (link) => ({ subject: 'Confirm', body: `Open ${link}` }),
      t.clock.now(),
    );

  it('are random uuids, sent with the link in the outbox row, valid 24 hours', async () => {
    const { id, link, expiresAt } = await issueOne();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(link).toBe(`https://portal.example/regist/result/${id}`);
    expect(expiresAt.getTime() - t.clock.now().getTime()).toBe(24 * 3600_000);
    const [message] = await t.app.db.select().from(outbox).where(eq(outbox.link, link));
    expect(message).toMatchObject({
      to: 'ann@example.com',
      subject: 'Confirm',
      body: `Open ${link}`,
    });
  });

  it('are used once, keep their draft, and are not found under another purpose', async () => {
    const { id } = await issueOne();
    const other = await errorOf(
      consumeLink(t.app.db, { id, purpose: 'forgot-password' }, t.clock.now()),
    );
    expect(other.errorName).toBe('notFound');
    const used = await consumeLink(t.app.db, { id, purpose: 'email-link' }, t.clock.now());
    expect(used.draft).toEqual({ step: 1 });
    const again = await errorOf(
      consumeLink(t.app.db, { id, purpose: 'email-link' }, t.clock.now()),
    );
    expect(again.errorName).toBe('linkExpired');
  });

  it('expire after 24 hours, and an unknown id is not found', async () => {
    t.clock.advance(3600_000);
    const { id } = await issueOne();
    t.clock.advance(24 * 3600_000);
    const expired = await errorOf(
      consumeLink(t.app.db, { id, purpose: 'email-link' }, t.clock.now()),
    );
    expect(expired.errorName).toBe('linkExpired');
    const unknown = await errorOf(
      consumeLink(
        t.app.db,
        { id: '00000000-0000-4000-8000-000000000000', purpose: 'email-link' },
        t.clock.now(),
      ),
    );
    expect(unknown.errorName).toBe('notFound');
  });
});

describe('codes for a target no account has', () => {
  const silent = (target: string) => issueCode(t.app.db, request(target), null, t.clock.now());

  it('are recorded and throttled but send nothing, and no code matches them', async () => {
    const target = '+447400000010';
    const { id } = await silent(target);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.to, target))).toHaveLength(0);
    const [row] = await t.app.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row).toMatchObject({ userId: null, purpose: 'login-code' });
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await check(target, '123456')).toEqual({ ok: false, error: 'codeNotRecognised' });
    expect(await check(target, '000000')).toEqual({ ok: false, error: 'codeNotRecognised' });
    expect(await check(target, '999999')).toEqual({ ok: false, error: 'codeLocked', time: 300 });

    const other = '+447400000011';
    for (let i = 0; i < 3; i++) await silent(other);
    const busy = await errorOf(silent(other));
    expect(busy).toMatchObject({ errorName: 'codeBusy', time: 300 });
  });
});

describe('tokens', () => {
  const tokenRequest = (userId: string): IssueRequest => ({
    purpose: 'password-reset',
    target: 'token@example.com',
    channel: 'email',
    userId,
  });

  it('are sent nowhere, checked without being used, and used once', async () => {
    const user = await insertUser(t.app.db, { email: 'token@example.com' });
    const before = await t.app.db.select().from(outbox);
    const { id, expiresAt } = await issueToken(
      t.app.db,
      tokenRequest(user.id),
      1800,
      t.clock.now(),
    );
    expect(expiresAt.getTime() - t.clock.now().getTime()).toBe(1800_000);
    expect(await t.app.db.select().from(outbox)).toHaveLength(before.length);

    const link = { id, purpose: 'password-reset' as const };
    expect((await findLink(t.app.db, link, t.clock.now())).userId).toBe(user.id);
    expect((await findLink(t.app.db, link, t.clock.now())).usedAt).toBeNull();
    expect((await consumeLink(t.app.db, link, t.clock.now())).usedAt).not.toBeNull();
    expect((await errorOf(findLink(t.app.db, link, t.clock.now()))).errorName).toBe('linkExpired');
    const elsewhere = await errorOf(
      findLink(t.app.db, { id, purpose: 'email-link' }, t.clock.now()),
    );
    expect(elsewhere.errorName).toBe('notFound');
  });

  it('end the earlier ones of the target, and can all be retired for a user', async () => {
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'token@example.com'));
    const first = await issueToken(t.app.db, tokenRequest(user!.id), 1800, t.clock.now());
    const second = await issueToken(t.app.db, tokenRequest(user!.id), 1800, t.clock.now());
    const of = (id: string) => findLink(t.app.db, { id, purpose: 'password-reset' }, t.clock.now());
    expect((await errorOf(of(first.id))).errorName).toBe('linkExpired');
    await expect(of(second.id)).resolves.toMatchObject({ id: second.id });

    await retireUserLinks(t.app.db, { purpose: 'password-reset', userId: user!.id }, t.clock.now());
    expect((await errorOf(of(second.id))).errorName).toBe('linkExpired');
  });
});
