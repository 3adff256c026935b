import { errorCatalogue, calls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Encrypt,
  memberWithPassword,
  openWithEncrypter,
  sentCode,
  tokenOf,
} from '../../../test/call-helpers';
import { insertMembership } from '../../../test/fixtures';
import { raceAtLock } from '../../../test/race';
import { type CallResponse, type TestApp } from '../../../test/test-app';
import { attemptLocks } from '../../db/schema';
import { wrongCodeKey } from '../../platform/verification/subjects';
import { loginLockKey } from '../password-tries';
import { hasValidCheckDigit, newMembershipNumber } from '../membership-number';
import type * as MembershipNumber from '../membership-number';
import type * as Crypto from '../../platform/crypto';
import { safeEqual } from '../../platform/crypto';
import type * as PasswordCrypto from '../../platform/password-crypto';
import { verifyPassword } from '../../platform/password-crypto';

/*
 * Finding 1 of the attack run: the check ("locked?") and the count ("one more failure") were
 * separate statements, so parallel tries all passed the check and were all judged; a right
 * one among them got in after the limit. A try is "judged" when its secret is compared: the
 * comparisons are counted by wrapping the functions that make them. Each round sends its tries
 * at once; on PostgreSQL (TEST_DATABASE_URL, CI's second pass) they overlap for real.
 *
 * A burst of wrong tries has at most `max` judged. With the right one among them, a right try
 * is judged only under the limit, and clears the count as a login one at a time would: the
 * tries admitted after it start a new count, so a burst has at most `max` judged per success.
 */
vi.mock('../../platform/password-crypto', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordCrypto>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
vi.mock('../../platform/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  return { ...real, safeEqual: vi.fn(real.safeEqual) };
});
vi.mock('../membership-number', async (importOriginal) => {
  const real = await importOriginal<typeof MembershipNumber>();
  return { ...real, hasValidCheckDigit: vi.fn(real.hasValidCheckDigit) };
});

const NOW = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let encrypt: Encrypt;
beforeAll(
  async () =>
    ({ t, encrypt } = await openWithEncrypter({
      now: NOW.toISOString(),
      env: { TRUST_PROXY: 'loopback' },
      // A connection for each of 20 tries at once, and the test's own.
      poolSize: 24,
    })),
);
afterAll(() => t.close());

/**
 * Runs the tries at once, each held where it counts its try on the key's row (made empty
 * first, so it can be locked), and answers them once all of them wait there.
 */
async function atOnce(key: string, tries: (() => Promise<CallResponse>)[]) {
  await t.app.db
    .insert(attemptLocks)
    .values({ key, failures: 0, windowStartedAt: NOW })
    .onConflictDoNothing();
  vi.clearAllMocks();
  const { results, waited } = await raceAtLock(t, {
    lock: sql`select key from attempt_locks where key = ${key} for update`,
    calls: tries,
  });
  expect(waited).toBe(tries.length);
  return results;
}

const ROUNDS = 6;
const { loginLocked, codeLocked, codeExpired, verifySessionLocked } = errorCatalogue;

/**
 * A round's tries: all wrong on even rounds; on odd rounds the right one among them, at a
 * different place each time.
 */
function roundOfTries<T>(round: number, count: number, wrong: (i: number) => T, right: T) {
  if (round % 2 === 0) return Array.from({ length: count }, (_, i) => wrong(i));
  const tries = Array.from({ length: count - 1 }, (_, i) => wrong(i));
  tries.splice((round * 7) % count, 0, right);
  return tries;
}

/**
 * At most `max` tries judged, and `max` more after each success; every other answer is the
 * lock with the seconds to wait (or, for a code, 'expired' once the right one has used it up).
 */
function expectAtMostMaxJudged(
  answers: CallResponse[],
  judged: number,
  max: number,
  lockCode: string,
  usedUpCode?: string,
) {
  const successes = answers.filter((a) => a.body.state === '1').length;
  expect(judged).toBeLessThanOrEqual(max * (1 + successes));
  const locked = answers.filter((a) => a.body.errorCode === lockCode);
  const usedUp = answers.filter((a) => usedUpCode && a.body.errorCode === usedUpCode);
  expect(locked.length + usedUp.length).toBeGreaterThanOrEqual(answers.length - judged);
  for (const answer of locked) {
    expect((answer.body.result as { time: number }).time).toBeGreaterThan(0);
  }
}

const passwordsCompared = (tried: ReadonlySet<string>) =>
  vi.mocked(verifyPassword).mock.calls.filter(([, password]) => tried.has(password)).length;

describe('finding 1: parallel tries beat the locks', () => {
  it('20 parallel logins (with the right password among them on odd rounds): at most 5 judged, the rest locked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `parallel-login-${round}@example.com`;
      await memberWithPassword(t, { email, password: 'Right-Pass-1' });
      const passwords = roundOfTries(round, 20, (i) => `Wrong-Pass-${i}`, 'Right-Pass-1');
      const answers = await atOnce(
        loginLockKey(email),
        passwords.map(
          (password) => () => t.call(calls.genToken, { email, password: encrypt(password) }),
        ),
      );
      expectAtMostMaxJudged(answers, passwordsCompared(new Set(passwords)), 5, loginLocked.code);
    }
  });

  it('20 parallel password changes: at most 5 current passwords judged, the rest locked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `parallel-change-${round}@example.com`;
      await memberWithPassword(t, { email, password: 'Old-Pass-1' });
      const token = tokenOf(
        await t.call(calls.genToken, { email, password: encrypt('Old-Pass-1') }),
      );
      const currents = roundOfTries(round, 20, (i) => `Wrong-Pass-${i}`, 'Old-Pass-1');
      const answers = await atOnce(
        loginLockKey(email),
        currents.map(
          (currentPwd) => () =>
            t.call(
              calls.changePwd,
              { currentPwd: encrypt(currentPwd), newPwd: encrypt('New-Pass-2') },
              { authorization: `Bearer ${token}` },
            ),
        ),
      );
      expectAtMostMaxJudged(answers, passwordsCompared(new Set(currents)), 5, loginLocked.code);
    }
  });

  it('12 parallel login codes: at most 3 judged, the rest locked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `parallel-code-${round}@example.com`;
      await memberWithPassword(t, { email, password: 'Code-Pass-1' });
      await t.call(calls.sendLoginCode, { sendType: 'email', email });
      const code = await sentCode(t, email);
      const codes = roundOfTries(
        round,
        12,
        (i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
        code,
      );
      const answers = await atOnce(
        wrongCodeKey({ purpose: 'login-code', target: email }),
        codes.map(
          (verifiCode) => () =>
            t.call(calls.checkLoginCode, { sendType: 'email', email, verifiCode }),
        ),
      );
      const judged = vi.mocked(safeEqual).mock.calls.length;
      expectAtMostMaxJudged(answers, judged, 3, codeLocked.code, codeExpired.code);
    }
  });

  it('10 parallel membership numbers from one client: at most 3 judged, the rest locked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { dpid } = await insertMembership(t.app.db);
      const numbers = roundOfTries(round, 10, () => newMembershipNumber(), dpid);
      const client = { 'x-forwarded-for': `10.9.${round}.1` };
      const answers = await atOnce(
        `verify-card:10.9.${round}.1`,
        numbers.map((number) => () => t.call(calls.verifyCard, { dpid: number }, client)),
      );
      const judged = vi.mocked(hasValidCheckDigit).mock.calls.length;
      expectAtMostMaxJudged(answers, judged, 3, verifySessionLocked.code);
    }
  });
});
