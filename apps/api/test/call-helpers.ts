import { errorCatalogue, errorsOf, type ErrorName } from '@portal/contract';
import { calls } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertMembership, insertUser, type NewUser } from './fixtures';
import { createTestApp, type CallResponse, type TestApp, type TestAppOptions } from './test-app';
import { outbox, sessions } from '../src/db/schema';
import { hashToken } from '../src/platform/crypto';
import { encrypterOf } from './password-encryption';
import { hashPassword } from '../src/platform/password-crypto';
import { createSession } from '../src/platform/sessions';

/** What the browser does: RSA-OAEP SHA-256 with the server's SPKI key, base64. */
export async function encrypterFor(t: TestApp): Promise<(password: string) => string> {
  const { body } = await t.call(calls.encryptPublicKey, {});
  return encrypterOf((body.result as { publicKey: string }).publicKey);
}

export type Encrypt = (password: string) => string;

/** A test app and the browser's password encryption for it. */
export async function openWithEncrypter(options?: TestAppOptions) {
  const t = await createTestApp(options);
  return { t, encrypt: await encrypterFor(t) };
}

export async function memberWithPassword(t: TestApp, values: NewUser & { password: string }) {
  const { password, ...rest } = values;
  return insertUser(t.app.db, { ...rest, passwordHash: await hashPassword(password) });
}

/** The latest message queued to an address or number, if any. */
export async function lastMessage(t: TestApp, to: string) {
  const [row] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

export async function messagesTo(t: TestApp, to: string, channel?: 'email' | 'sms') {
  return t.app.db
    .select()
    .from(outbox)
    .where(channel ? and(eq(outbox.to, to), eq(outbox.channel, channel)) : eq(outbox.to, to));
}

/** The code of the latest message to an address or number. */
export async function sentCode(t: TestApp, to: string): Promise<string> {
  const row = await lastMessage(t, to);
  if (!row?.code) throw new Error(`no code was sent to ${to}`);
  return row.code;
}

export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

export function tokenOf(response: CallResponse): string {
  expect(response.body).toMatchObject({ state: '1', errorCode: null });
  return (response.body.result as { token: string }).token;
}

/** A member call that answers 20002 when the token is not live. */
export const memberCall = (t: TestApp, token: string) =>
  t.call(calls.emailValidateStatus, {}, { authorization: `Bearer ${token}` });

/**
 * The call failed with the catalogue's error of that name (and `result`, when given). The name
 * must be one the call declares in the contract (common ones included): a call answering a code
 * it does not list fails its test.
 */
export function expectFailure(response: CallResponse, error: ErrorName, result?: unknown) {
  if (response.call) expect(errorsOf(response.call)).toContain(error);
  expect(response.body).toMatchObject({
    state: '0',
    errorCode: errorCatalogue[error].code,
    ...(result === undefined ? {} : { result }),
  });
}

/** A member with a live session (opened directly, so the first-login flag is left as given). */
export async function memberWithSession(t: TestApp, values: NewUser) {
  const user = await insertUser(t.app.db, values);
  const token = await createSession(t.app.db, user.id, t.clock.now());
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A member "Ann <Role><n>" (role.n@example.com) with a session and a membership of theirs,
 * registered in 2025 (its values as the test gives them).
 */
export async function memberWithMembership(
  t: TestApp,
  role: string,
  n: number,
  membership: Parameters<typeof insertMembership>[1] = {},
) {
  const m = await memberWithSession(t, {
    email: `${role.toLowerCase()}.${n}@example.com`,
    firstName: 'Ann',
    lastName: `${role}${n}`,
  });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    ...membership,
  });
  return { ...m, own };
}

/** The last use recorded of a token's session, in ms (it slides the idle window). */
export async function sessionLastUse(t: TestApp, token: string): Promise<number> {
  const [row] = await t.app.db
    .select({ lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.lastUsedAt.getTime();
}

/** A call that succeeded (state '1'): its result, as the test expects it. */
export function okResult<T>(response: CallResponse): T {
  expect(response.body).toMatchObject({ state: '1' });
  return response.body.result as T;
}

/** A desk scans a booking's QR code (the operator's check-in, from the desk's own machine). */
export const deskCheckIn = (t: TestApp, code: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/ops-api/bookings/check-in',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    })
    .then((r) => r.json<Record<string, unknown>>());
