import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { demoMembershipNumber, calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../test/fixtures';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app';
import { DEMO_MEMBER } from '../../../db/seed/demo-member';
import { memberships, settings, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/password-crypto';

let t: TestApp;
let publicKey: string;
beforeAll(async () => {
  t = await createTestApp();
  const { body } = await t.call(calls.encryptPublicKey, {});
  publicKey = (body.result as { publicKey: string }).publicKey;
});
afterAll(async () => {
  await t.close();
});

/** What the browser does: RSA-OAEP SHA-256 with the SPKI key, base64. */
function encrypt(password: string, key = publicKey): string {
  return publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

const login = (email: string, password: string, extra: Record<string, string> = {}) =>
  t.call(calls.genToken, { email, password: encrypt(password), ...extra });

async function member(email: string, password: string, ...dpids: string[]) {
  const user = await insertUser(t.app.db, { email, passwordHash: await hashPassword(password) });
  for (const dpid of dpids)
    await t.app.db.update(memberships).set({ userId: user.id }).where(eq(memberships.dpid, dpid));
  return user;
}

describe('/login/encryptPublicKey', () => {
  it("answers state '11' with the same SPKI key every time", async () => {
    const first = await t.call(calls.encryptPublicKey, {});
    const second = await t.call(calls.encryptPublicKey);
    expect(first.body).toEqual({ state: '11', errorCode: null, result: { publicKey } });
    expect(second.body.result).toEqual({ publicKey });
    expect(Buffer.from(publicKey, 'base64').length).toBeGreaterThan(256);
  });
});

describe('/login/gen-token', () => {
  it('logs the seeded demo member in with the encrypted password', async () => {
    const { body } = await login(DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(body.state).toBe('1');
    expect(body.result).toMatchObject({
      tokenExpirySeconds: 6 * 60 * 60,
      isFirstLogin: true,
      // The issuer of the membership in use: the brand after a login on the plain address.
      issuer: 'natwest',
      userInfo: {
        firstName: 'Alex',
        lastName: 'Morgan',
        initials: 'AM',
        email: 'demo@lounge.example',
        mobileNo: '7400900123',
        mobileNoPrefix: '44',
        countryCode: 'GB',
        channel: 'ASE',
        lang: 'en-GB',
      },
    });
    const { token } = body.result as { token: string };
    const status = await t.call(calls.emailValidateStatus, {}, { authorization: token });
    expect(status.body.result).toEqual({ emailIsCheck: true });
    const again = await login('Demo@Lounge.Example', DEMO_MEMBER.password, {
      dpid: '9000 0000 0002 0009',
    });
    expect(again.body.state).toBe('1');
    expect((again.body.result as { isFirstLogin: boolean }).isFirstLogin).toBe(false);
  });

  it('stores the password only as argon2id', async () => {
    const [row] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, DEMO_MEMBER.email));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    expect(row!.hash).not.toContain(DEMO_MEMBER.password);
  });

  it('answers loginIncorrect alike for a wrong password and an unknown email', async () => {
    await member('wrong@example.com', 'Right-Pass-1');
    const wrong = await login('wrong@example.com', 'Wrong-Pass-1');
    const unknown = await login('nobody@example.com', 'Right-Pass-1');
    expect(wrong.body).toMatchObject({ state: '0', errorCode: '40001' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 10001 for a password that is not our ciphertext', async () => {
    const plain = await t.call(calls.genToken, {
      email: DEMO_MEMBER.email,
      password: Buffer.from(DEMO_MEMBER.password).toString('base64'),
    });
    expect(plain.body).toMatchObject({ state: '0', errorCode: '10001' });
    const clear = await t.call(calls.genToken, { email: DEMO_MEMBER.email, password: 'a b!' });
    expect(clear.body).toMatchObject({ state: '0', errorCode: '10001' });
  });

  it('locks after 5 wrong passwords for 5 minutes, also on a second app instance', async () => {
    await member('locked@example.com', 'Right-Pass-1');
    for (let i = 0; i < 4; i++) {
      const { body } = await login('locked@example.com', `Wrong-${i}`);
      expect(body.errorCode).toBe('40001');
    }
    const fifth = await login('LOCKED@example.com', 'Wrong-5');
    expect(fifth.body).toMatchObject({ state: '0', errorCode: '40002', result: { time: 300 } });
    t.clock.advance(60_000);
    const right = await login('locked@example.com', 'Right-Pass-1');
    expect(right.body).toMatchObject({ errorCode: '40002', result: { time: 240 } });

    const other = await secondInstance(t);
    try {
      const { body } = await other.call(calls.genToken, {
        email: 'locked@example.com',
        password: encrypt('Right-Pass-1'),
      });
      expect(body).toMatchObject({ errorCode: '40002', result: { time: 240 } });
    } finally {
      await other.close();
    }

    t.clock.advance(4 * 60_000);
    const after = await login('locked@example.com', 'Right-Pass-1');
    expect(after.body.state).toBe('1');
  });

  it('answers loginNotRecognised for a deleted account', async () => {
    const gone = await member('gone@example.com', 'Right-Pass-1');
    await t.app.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.id));
    const { body } = await login('gone@example.com', 'Right-Pass-1');
    expect(body).toMatchObject({ state: '0', errorCode: '40003' });
  });

  it('checks the membership number when given', async () => {
    await member('number@example.com', 'Right-Pass-1', demoMembershipNumber('barclays', 'active'));
    const other = await login('number@example.com', 'Right-Pass-1', {
      dpid: demoMembershipNumber('rbs', 'active'),
    });
    expect(other.body).toMatchObject({ state: '0', errorCode: '40004' });
    const own = await login('number@example.com', 'Right-Pass-1', {
      dpid: demoMembershipNumber('barclays', 'active'),
    });
    expect(own.body.state).toBe('1');
  });

  it('answers membershipSuspended when the memberships are suspended', async () => {
    const suspended = demoMembershipNumber('coop', 'suspended');
    await member('suspended@example.com', 'Right-Pass-1', suspended);
    const plain = await login('suspended@example.com', 'Right-Pass-1');
    expect(plain.body).toMatchObject({ state: '0', errorCode: '30041' });
    const withNumber = await login('suspended@example.com', 'Right-Pass-1', { dpid: suspended });
    expect(withNumber.body).toMatchObject({ state: '0', errorCode: '30041' });
  });
});

describe('/login/logout-by-token', () => {
  it('revokes the token, which then answers 20002', async () => {
    const { body } = await login(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const headers = { authorization: `Bearer ${(body.result as { token: string }).token}` };
    const out = await t.call(calls.logoutByToken, {}, headers);
    expect(out.body).toEqual({ state: '1', errorCode: null, result: { loggedOut: true } });
    const after = await t.call(calls.emailValidateStatus, {}, headers);
    expect(after.body).toMatchObject({ state: '0', errorCode: '20002' });
    const again = await t.call(calls.logoutByToken, {}, headers);
    expect(again.body.errorCode).toBe('20002');
  });
});

describe('the RSA key pair', () => {
  it('is kept in settings, so a second app instance on the database uses the same one', async () => {
    const [row] = await t.app.db.select().from(settings).where(eq(settings.key, 'login:rsa-key'));
    expect(JSON.stringify(row?.value)).toContain('BEGIN PRIVATE KEY');
    const other = await secondInstance(t);
    try {
      const { body } = await other.call(calls.encryptPublicKey);
      expect(body).toMatchObject({ state: '11', result: { publicKey } });
    } finally {
      await other.close();
    }
  });
});
