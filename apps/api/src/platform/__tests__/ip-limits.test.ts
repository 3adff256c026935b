import { IP_LIMITS, calls as contractCalls, errorsOf, type CallDef } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession } from '../../../test/call-helpers';
import { createTestApp, type TestApp, unchecked } from '../../../test/test-app';
import { attemptLocks } from '../../db/schema';
import { LONGEST_ATTEMPT_WINDOW_MS, purgeStaleAttempts } from '../attempt-locks';
import { addressKey } from '../ip-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { IP_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' } });
});
afterAll(() => t.close());

/** A registration step with a payload it refuses: counted all the same, and cheap. */
const junkVerifyCard = (ip: string) =>
  t.call(contractCalls.verifyCard, { dpid: 'x' }, { 'x-forwarded-for': ip });

describe('addressKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:2::6:1.2.3.4')).toBe('2001:db8:1:2::/64');
  });

  it('drops a port a proxy added, and puts anything else that is not an address in one budget', () => {
    expect(addressKey('203.0.113.7:54321')).toBe('203.0.113.7');
    expect(addressKey('[2001:db8:0:1::1]:443')).toBe('2001:db8:0:1::/64');
    expect(addressKey('unknown')).toBe('invalid');
    expect(addressKey('203.0.113.7:54321::')).toBe('invalid');
    expect(addressKey('999.1.1.1')).toBe('invalid');
  });
});

describe('per-address limits', () => {
  it('lets an address make its budget of registration calls, then answers 10029 with the wait', async () => {
    const { max, lockSeconds } = IP_LIMITS.registration;
    for (let i = 0; i < max; i += 1) {
      const { body } = await junkVerifyCard('198.51.100.1');
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
    const { response, body } = await junkVerifyCard('198.51.100.1');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({
      state: '0',
      errorCode: '10029',
      errorMsg: 'Too many attempts from your network. Please wait 15 minutes and try again.',
      result: { time: lockSeconds },
    });

    // Another address, and another kind of call from the same address, are not affected.
    expect((await junkVerifyCard('198.51.100.2')).body).toMatchObject({ errorCode: '10001' });
    const login = await t.call(contractCalls.genToken, unchecked({ email: 'x' }), {
      'x-forwarded-for': '198.51.100.1',
    });
    expect(login.body).toMatchObject({ errorCode: '10001' });
    // A call without a budget is never refused for it.
    const list = await t.call(
      contractCalls.airportListV2,
      {},
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect(list.body).toMatchObject({ state: '1' });

    t.clock.advance(lockSeconds * 1000 + 1000);
    expect((await junkVerifyCard('198.51.100.1')).body).toMatchObject({ errorCode: '10001' });
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { max } = IP_LIMITS.code;
    for (let i = 0; i < max; i += 1) {
      const ip = `2001:db8:5:6::${(i + 1).toString(16)}`;
      const { body } = await t.call(contractCalls.sendLoginCode, unchecked({}), {
        'x-forwarded-for': ip,
      });
      expect(body).toMatchObject({ errorCode: '10001' });
    }
    const { body } = await t.call(contractCalls.sendLoginCode, unchecked({}), {
      'x-forwarded-for': '2001:db8:5:6:ffff::9',
    });
    expect(body).toMatchObject({ errorCode: '10029' });
  });

  it('declares 10029 (10030 for a member) on exactly the calls with a budget', () => {
    const calls: CallDef[] = Object.values(contractCalls);
    const limited = calls
      .filter((call) => call.ipLimit)
      .map((call) => `${call.ipLimit} ${call.path}`)
      .sort();
    expect(limited).toEqual([
      'cardSession /payment/create-session',
      'code /account/check-verification-code',
      'code /account/verify-email',
      'code /account/verify-mobile',
      'code /login/send-random-code',
      'code /reg-activation/check-verifi-code',
      'code /reg-activation/send-random-code',
      'code /user/pwd/reset/check/token',
      'code /user/send-forget-pwd-new/v2',
      'code /user/send-validate-email',
      'code /user/verify-captcha-by-forget-pwd',
      'login /login/check-verifi-code',
      'login /login/gen-token',
      'paymentReturn /payment/return-status',
      'registration /membership/add',
      'registration /membership/check-dragonCard',
      'registration /reg-activation/check-user-info',
      'registration /reg-activation/create-and-active',
      'registration /reg-activation/verify-card',
    ]);
    for (const call of calls) {
      const budget = call.auth === 'member' ? 'memberTooManyRequests' : 'tooManyRequests';
      expect(errorsOf(call).includes(budget)).toBe(call.ipLimit !== undefined);
    }
  });
});

describe('who a budget belongs to', () => {
  it("counts a member's calls against the member, not the shared address", async () => {
    const { max } = IP_LIMITS.code;
    const [first, second] = await Promise.all([
      memberWithSession(t, { email: 'limits.first@example.com' }),
      memberWithSession(t, { email: 'limits.second@example.com' }),
    ]);
    const verify = (headers: Record<string, string>) =>
      t.call(
        contractCalls.verifyNewEmail,
        { email: 'x' },
        { ...headers, 'x-forwarded-for': '198.51.100.9' },
      );
    for (let i = 0; i < max; i += 1)
      expect((await verify(first.headers)).body).toMatchObject({ errorCode: '10001' });
    // Said as it is: the member's account was counted, and for how long it waits.
    expect((await verify(first.headers)).body).toMatchObject({
      errorCode: '10030',
      errorMsg: 'Too many attempts from your account. Please wait 15 minutes and try again.',
      result: { time: IP_LIMITS.code.lockSeconds },
    });
    // Another member on the same network, and a visitor there, still have theirs.
    expect((await verify(second.headers)).body).toMatchObject({ errorCode: '10001' });
    const visitor = await t.call(contractCalls.sendLoginCode, unchecked({}), {
      'x-forwarded-for': '198.51.100.9',
    });
    expect(visitor.body).toMatchObject({ errorCode: '10001' });
  });

  it('spends nothing on a member call without a valid token', async () => {
    for (let i = 0; i < IP_LIMITS.code.max + 5; i += 1) {
      const { body } = await t.call(contractCalls.verifyNewMobile, unchecked({}), {
        'x-forwarded-for': '198.51.100.10',
      });
      expect(body).toMatchObject({ errorCode: '20002' });
    }
    const visitor = await t.call(contractCalls.sendLoginCode, unchecked({}), {
      'x-forwarded-for': '198.51.100.10',
    });
    expect(visitor.body).toMatchObject({ errorCode: '10001' });
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: a made-up address gets no budget of its own', async () => {
    const direct = await createTestApp({ env: { IP_LIMIT_FACTOR: '1', TRUST_PROXY: '' } });
    try {
      const { max } = IP_LIMITS.registration;
      for (let i = 0; i < max; i += 1) {
        const { body } = await direct.call(
          contractCalls.verifyCard,
          { dpid: 'x' },
          { 'x-forwarded-for': `10.9.${i}.1` },
        );
        expect(body).toMatchObject({ errorCode: '10001' });
      }
      const { body } = await direct.call(
        contractCalls.verifyCard,
        { dpid: 'x' },
        { 'x-forwarded-for': '10.9.250.1' },
      );
      expect(body).toMatchObject({ errorCode: '10029' });
    } finally {
      await direct.close();
    }
  });
});

describe('lapsed counts', () => {
  it('are purged a day after their window began, unless a lock still runs', async () => {
    await junkVerifyCard('198.51.100.77');
    const keys = async () =>
      (await t.app.db.select({ key: attemptLocks.key }).from(attemptLocks)).map((r) => r.key);
    expect(await keys()).toContain('ip:registration:198.51.100.77');
    expect(await purgeStaleAttempts(t.app.db, t.clock.now())).toBe(0);
    t.clock.advance(LONGEST_ATTEMPT_WINDOW_MS + 60_000);
    expect(await purgeStaleAttempts(t.app.db, t.clock.now())).toBeGreaterThan(0);
    expect(await keys()).not.toContain('ip:registration:198.51.100.77');
  });
});
