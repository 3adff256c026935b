import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, sentCode, wrongCode } from '../../../../test/call-helpers';

import { createTestApp, type TestApp } from '../../../../test/test-app';

import { CODE_TTL_SECONDS } from '../../../platform/verification';
import { MINUTE, profileSteps } from './profile-steps';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const { member, verifyEmail, verifyMobile, checkEmail, checkMobile } = profileSteps(() => t);

describe('/account/check-verification-code', () => {
  it('accepts the code sent to the new email once', async () => {
    const { headers } = await member();
    await verifyEmail(headers, 'checked@example.com');
    const code = await sentCode(t, 'checked@example.com');
    expect((await checkEmail(headers, 'Checked@Example.com', code)).body).toEqual({
      state: '1',
      errorCode: null,
      result: { verified: true, sendType: 'email' },
    });
    expectFailure(await checkEmail(headers, 'checked@example.com', code), 'codeExpired');
  });

  it('accepts the code sent to the new mobile', async () => {
    const { headers } = await member();
    await verifyMobile(headers, '7400620004');
    const code = await sentCode(t, '+447400620004');
    expect((await checkMobile(headers, '07400620004', code)).body.result).toEqual({
      verified: true,
      sendType: 'sms',
    });
  });

  it('answers 30014 for a wrong code and locks at the third with 30005 and the wait', async () => {
    const { headers } = await member();
    await verifyEmail(headers, 'wrong.code@example.com');
    const code = await sentCode(t, 'wrong.code@example.com');
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeNotRecognised',
    );
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeNotRecognised',
    );
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeLocked',
      {
        time: 300,
      },
    );
    t.clock.advance(MINUTE);
    expectFailure(await checkEmail(headers, 'wrong.code@example.com', code), 'codeLocked', {
      time: 240,
    });
    t.clock.advance(4 * MINUTE);
    // The lock retired the code: a new one is needed.
    expectFailure(await checkEmail(headers, 'wrong.code@example.com', code), 'codeExpired');
    await verifyEmail(headers, 'wrong.code@example.com');
    const next = await sentCode(t, 'wrong.code@example.com');
    expect((await checkEmail(headers, 'wrong.code@example.com', next)).body.state).toBe('1');
  });

  it('answers 30015 for an expired code, or when none was sent', async () => {
    const { headers } = await member();
    expectFailure(await checkEmail(headers, 'never.sent@example.com', '123456'), 'codeExpired');
    await verifyMobile(headers, '7400620005');
    const code = await sentCode(t, '+447400620005');
    t.clock.advance(CODE_TTL_SECONDS * 1000);
    expectFailure(await checkMobile(headers, '7400620005', code), 'codeExpired');
  });

  it("answers 30014 for a code sent to another member's request, leaving it theirs", async () => {
    const ann = await member();
    const bob = await member();
    await verifyEmail(ann.headers, 'wanted@example.com');
    const code = await sentCode(t, 'wanted@example.com');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    // Not used up, nor locked by Bob's tries.
    expect((await checkEmail(ann.headers, 'wanted@example.com', code)).body.state).toBe('1');
  });

  it("another member's requests for the same address neither cancel nor hold up this member's code", async () => {
    const ann = await member();
    const bob = await member();
    await verifyEmail(ann.headers, 'contested@example.com');
    const annCode = await sentCode(t, 'contested@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await verifyEmail(bob.headers, 'contested@example.com')).body.state).toBe('1');
    }
    expectFailure(await verifyEmail(bob.headers, 'contested@example.com'), 'codeBusy');
    const bobCode = await sentCode(t, 'contested@example.com');
    for (let i = 0; i < 2; i++) {
      expectFailure(
        await checkEmail(bob.headers, 'contested@example.com', wrongCode(bobCode)),
        'codeNotRecognised',
      );
    }
    expectFailure(
      await checkEmail(bob.headers, 'contested@example.com', wrongCode(bobCode)),
      'codeLocked',
    );
    // Ann's code still works, and she can still ask for another.
    expect((await checkEmail(ann.headers, 'contested@example.com', annCode)).body.state).toBe('1');
    expect((await verifyEmail(ann.headers, 'contested@example.com')).body.state).toBe('1');
  });

  it('answers 10001 for a malformed code', async () => {
    const { headers } = await member();
    expectFailure(await checkEmail(headers, 'x@example.com', '12ab'), 'invalidRequest');
  });
});
