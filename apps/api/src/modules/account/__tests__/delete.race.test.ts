import { calls } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectFailure,
  lastMessage,
  memberWithSession,
  sentCode,
} from '../../../../test/call-helpers';
import { createTestApp, type CallResponse, type TestApp } from '../../../../test/test-app';
import { raceAtLock } from '../../../../test/race';
import type { Tx } from '../../../db/client';
import { contactMessages, users, verifications } from '../../../db/schema';
import { deletedEmailOf } from '../erase-account';
import type * as VerifiedChange from '../verified-change';

/** Runs inside the save, between reading the member and writing them back, when set. */
const between = vi.hoisted(() => ({
  hook: null as null | ((tx: Tx, userId: string) => Promise<void>),
}));
vi.mock('../verified-change', async (importOriginal) => {
  const actual = await importOriginal<typeof VerifiedChange>();
  return {
    ...actual,
    checkedRecently: async (...args: Parameters<typeof actual.checkedRecently>) => {
      if (between.hook) await between.hook(args[0], args[1]);
      return actual.checkedRecently(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z', poolSize: 6 });
});
afterAll(() => t.close());

let serial = 0;
async function member() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return memberWithSession(t, {
    email: `racer.${n}@example.com`,
    mobileNumber: `740067${n}`,
    firstName: 'Ann',
  });
}

/** What delete-account writes on the users row (eraseAccount does the rest alike). */
const erased = (userId: string, now: Date) => ({
  email: deletedEmailOf(userId),
  firstName: '',
  lastName: '',
  mobilePrefix: '',
  mobileNumber: '',
  mobileAreaCode: '',
  passwordHash: '',
  deletedAt: now,
});

/** The save payload of the member's details with new names. */
const namesOf = (user: typeof users.$inferSelect) => ({
  firstName: 'Written',
  lastName: 'Back',
  email: user.email,
  mobileNoPrefix: user.mobilePrefix,
  mobileNo: user.mobileNumber,
});
const saveNames = (headers: Record<string, string>, user: typeof users.$inferSelect) =>
  t.call(calls.saveMyDetails, namesOf(user), headers);

/** Sends a code to a new email and checks it, as the profile page does. */
async function confirmEmail(headers: Record<string, string>, email: string) {
  expect((await t.call(calls.verifyNewEmail, { email }, headers)).body.state).toBe('1');
  const verifiCode = await sentCode(t, email);
  const checked = await t.call(
    calls.checkAccountCode,
    { sendType: 'email', email, verifiCode },
    headers,
  );
  expect(checked.body.state).toBe('1');
}

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('my-details/save when the member is deleted after it read them', () => {
  it('answers 20002 and writes nothing back (the update is for a live member only)', async () => {
    const { user, headers } = await member();
    // Confirm a new email, so the save reaches the check the hook sits in.
    await confirmEmail(headers, 'racer.new@example.com');
    between.hook = async (tx, userId) => {
      await tx.update(users).set(erased(userId, t.clock.now())).where(eq(users.id, userId));
    };
    try {
      const saved = await t.call(
        calls.saveMyDetails,
        { ...namesOf(user), email: 'racer.new@example.com' },
        headers,
      );
      expectFailure(saved, 'authFailure');
    } finally {
      between.hook = null;
    }
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Ann', email: user.email });
  });
});

/**
 * A delete-account under way: holds the member's row `for update` as it does, starts `call`,
 * lets it run until it waits behind that lock (or answers), erases the row, and commits.
 * Answers the call's response.
 */
async function duringDelete(
  userId: string,
  call: () => Promise<CallResponse>,
): Promise<CallResponse> {
  const { results, waited } = await raceAtLock(t, {
    lock: sql`select id from users where id = ${userId} for update`,
    calls: [call],
    whileHeld: async (tx) => {
      await tx.update(users).set(erased(userId, t.clock.now())).where(eq(users.id, userId));
    },
  });
  const [response] = results;
  if (!response) throw new Error('the call did not answer');
  // It waited for the delete: it had started before the member was erased.
  expect(waited).toBe(1);
  return response;
}

describe('a member call racing delete-account', () => {
  it('my-details/save waits for the delete, then answers 20002 and writes nothing back', async () => {
    const { user, headers } = await member();
    const saved = await duringDelete(user.id, () => saveNames(headers, user));
    expectFailure(saved, 'authFailure');
    expect(await userRow(user.id)).toMatchObject(erased(user.id, t.clock.now()));
  });

  it('two saves of one member at once both succeed, one after the other', async () => {
    const { user, headers } = await member();
    await confirmEmail(headers, 'racer.twice@example.com');
    // Both saves wait on the member's row together. Were both let read it before either
    // locked it, their updates would deadlock; each takes the row first, so one waits for the
    // other.
    const changed = { ...namesOf(user), email: 'racer.twice@example.com' };
    const save = () => t.call(calls.saveMyDetails, changed, headers);
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from users where id = ${user.id} for update`,
      calls: [save, save],
    });
    expect(waited).toBe(2);
    expect(results.map((a) => a.body.errorCode)).toEqual([null, null]);
    expect(await userRow(user.id)).toMatchObject({
      firstName: 'Written',
      email: 'racer.twice@example.com',
    });
  });

  it('email-us waits for the delete, then answers 20002 and stores and sends nothing', async () => {
    const { user, headers } = await member();
    const sent = await duringDelete(user.id, () =>
      t.call(
        calls.emailUs,
        {
          subject: 'account',
          message: 'Written after the delete?',
          email: 'racer.reply@example.com',
          firstName: 'Ann',
          lastName: 'Lee',
        },
        headers,
      ),
    );
    expectFailure(sent, 'authFailure');
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id)),
    ).toEqual([]);
    expect(await lastMessage(t, user.email)).toBeUndefined();
  });

  it('verify-email and verify-mobile wait for the delete, then answer 20002 and send nothing', async () => {
    const first = await member();
    const byEmail = await duringDelete(first.user.id, () =>
      t.call(calls.verifyNewEmail, { email: 'racer.code@example.com' }, first.headers),
    );
    expectFailure(byEmail, 'authFailure');
    const second = await member();
    const byMobile = await duringDelete(second.user.id, () =>
      t.call(
        calls.verifyNewMobile,
        { mobileNoPrefix: '44', mobileNo: '7400679999' },
        second.headers,
      ),
    );
    expectFailure(byMobile, 'authFailure');
    for (const { user } of [first, second]) {
      expect(
        await t.app.db.select().from(verifications).where(eq(verifications.userId, user.id)),
      ).toEqual([]);
    }
    expect(await lastMessage(t, 'racer.code@example.com')).toBeUndefined();
    expect(await lastMessage(t, '+447400679999')).toBeUndefined();
  });
});
