import { generateKeyPairSync } from 'node:crypto';
import { CARD_CODE_MAX_LENGTH, splitCardCode } from '@portal/contract';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import {
  CARD_TOKEN_LIFETIME_SECONDS,
  cardCode,
  cardTotpSecret,
  digitalCardKeys,
  digitalCardKeysFromEnv,
  issueCardToken,
  publicJwk,
  verifyCardCode,
  type CardClaims,
} from '../digital-card';

const keys = digitalCardKeysFromEnv(loadEnv({ NODE_ENV: 'test' }))!;

function otherKeys(secret = 'another secret of at least thirty-two bytes') {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signingKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return digitalCardKeys({ signingKey, secret });
}

const CARD: CardClaims = {
  dpid: '9000000000020001',
  holderName: 'Ada Lovelace',
  status: 'active',
  expiresOn: '2030-12-31',
  issuer: 'natwest',
};
const OTHER_CARD: CardClaims = { ...CARD, dpid: '9000000000030002', holderName: 'Alan Turing' };

/** 10:00:10 UTC: ten seconds into a 30-s step (steps start at :00 and :30). */
const T = new Date('2026-01-15T10:00:10Z');
const at = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

async function codeOf(card: CardClaims, madeAt: Date, issuedAt = madeAt) {
  const token = await issueCardToken(keys, card, issuedAt);
  return cardCode(token, cardTotpSecret(keys, card.dpid), madeAt);
}

/** The token's payload re-encoded with a change, its signature kept. */
function withPayload(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
  const tampered = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${header}.${tampered}.${signature}`;
}

describe('digital card: issue and verify', () => {
  it('verifies the code of a card it issued, answering the claims', async () => {
    expect(await verifyCardCode(keys, await codeOf(CARD, T), T)).toEqual({ valid: true, ...CARD });
  });

  it('shows `<compact JWS>~<6 digits>`', async () => {
    const code = await codeOf(CARD, T);
    expect(code).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+~\d{6}$/);
    expect(code.length).toBeLessThan(CARD_CODE_MAX_LENGTH / 3);
  });

  it('keeps a card without a holder name', async () => {
    const card = { ...CARD, holderName: null, status: 'suspended' as const };
    expect(await verifyCardCode(keys, await codeOf(card, T), T)).toEqual({ valid: true, ...card });
  });

  it('accepts a code up to ~90 s old, and refuses it as stale after', async () => {
    const code = await codeOf(CARD, T);
    expect((await verifyCardCode(keys, code, at(T, 29))).valid).toBe(true);
    expect((await verifyCardCode(keys, code, at(T, 60))).valid).toBe(true);
    expect(await verifyCardCode(keys, code, at(T, 95))).toEqual({
      valid: false,
      reason: 'stale-code',
    });
  });

  it('counts whole steps: made at a step start, good for 90 s less a moment', async () => {
    const stepStart = new Date('2026-01-15T10:00:00Z');
    const code = await codeOf(CARD, stepStart);
    expect((await verifyCardCode(keys, code, at(stepStart, 89.999))).valid).toBe(true);
    expect(await verifyCardCode(keys, code, at(stepStart, 90))).toMatchObject({
      reason: 'stale-code',
    });
  });

  it('accepts one step from the future (a device clock ahead), not two', async () => {
    const ahead = await codeOf(CARD, at(T, 30), T);
    expect((await verifyCardCode(keys, ahead, T)).valid).toBe(true);
    const farAhead = await codeOf(CARD, at(T, 60), T);
    expect(await verifyCardCode(keys, farAhead, T)).toMatchObject({ reason: 'stale-code' });
  });

  it('changes the code every 30-s step, and only then', async () => {
    const token = await issueCardToken(keys, CARD, T);
    const secret = cardTotpSecret(keys, CARD.dpid);
    const codes = [0, 30, 60, 90].map((s) => cardCode(token, secret, at(T, s)));
    expect(new Set(codes).size).toBe(4);
    expect(cardCode(token, secret, at(T, 19))).toBe(codes[0]);
  });
});

describe('digital card: refusals', () => {
  it('refuses a tampered payload as bad-signature', async () => {
    const token = await issueCardToken(keys, CARD, T);
    const secret = cardTotpSecret(keys, CARD.dpid);
    for (const change of [{ status: 'suspended' }, { holderName: 'Mallory' }, { exp: 2e9 }]) {
      const code = cardCode(withPayload(token, change), secret, T);
      expect(await verifyCardCode(keys, code, T)).toEqual({
        valid: false,
        reason: 'bad-signature',
      });
    }
  });

  it('refuses a token signed with another key, or with another algorithm', async () => {
    const forger = otherKeys();
    const forged = await issueCardToken(forger, CARD, T);
    const secret = cardTotpSecret(keys, CARD.dpid);
    expect(await verifyCardCode(keys, cardCode(forged, secret, T), T)).toMatchObject({
      reason: 'bad-signature',
    });
    const hmac = await new SignJWT({ ...CARD })
      .setProtectedHeader({ alg: 'HS256', typ: 'card+jwt' })
      .setIssuedAt(T)
      .setExpirationTime(at(T, 3600))
      .sign(new TextEncoder().encode('a guessable shared secret, 32 bytes+'));
    expect(await verifyCardCode(keys, cardCode(hmac, secret, T), T)).toMatchObject({
      reason: 'bad-signature',
    });
  });

  it("refuses another card's TOTP with this card's token as wrong-code", async () => {
    const token = await issueCardToken(keys, CARD, T);
    const code = cardCode(token, cardTotpSecret(keys, OTHER_CARD.dpid), T);
    expect(await verifyCardCode(keys, code, T)).toEqual({ valid: false, reason: 'wrong-code' });
  });

  it('refuses a TOTP of the same card under another DIGITAL_CARD_SECRET', async () => {
    const token = await issueCardToken(keys, CARD, T);
    const elsewhere = otherKeys('a different secret, also thirty-two bytes long');
    const code = cardCode(token, cardTotpSecret(elsewhere, CARD.dpid), T);
    expect(await verifyCardCode(keys, code, T)).toMatchObject({ reason: 'wrong-code' });
  });

  it('refuses an expired token: 30 days after issue', async () => {
    const later = at(T, CARD_TOKEN_LIFETIME_SECONDS);
    expect(
      (await verifyCardCode(keys, await codeOf(CARD, at(later, -1), T), at(later, -1))).valid,
    ).toBe(true);
    expect(await verifyCardCode(keys, await codeOf(CARD, later, T), later)).toEqual({
      valid: false,
      reason: 'expired-token',
    });
  });

  it('ends the token with the membership when sooner: after its last day, anywhere', async () => {
    const card = { ...CARD, expiresOn: '2026-01-20' };
    const end = new Date('2026-01-21T12:00:00Z');
    const before = at(end, -1);
    expect((await verifyCardCode(keys, await codeOf(card, before, T), before)).valid).toBe(true);
    expect(await verifyCardCode(keys, await codeOf(card, end, T), end)).toMatchObject({
      reason: 'expired-token',
    });
  });

  it('issues no token for a membership that has ended, nor for a date that is none', async () => {
    await expect(issueCardToken(keys, { ...CARD, expiresOn: '2025-12-31' }, T)).rejects.toThrow(
      RangeError,
    );
    await expect(issueCardToken(keys, { ...CARD, expiresOn: '31/12/2030' }, T)).rejects.toThrow(
      RangeError,
    );
  });

  it('answers malformed for anything not shaped like a card code, without throwing', async () => {
    const token = await issueCardToken(keys, CARD, T);
    const totp = (await codeOf(CARD, T)).split('~')[1]!;
    const inputs: unknown[] = [
      '',
      'garbage',
      '~',
      '~123456',
      `${token}~`,
      `${token}~12345`,
      `${token}~1234567`,
      `${token}~12345a`,
      `${token}~${totp}~${totp}`,
      `${token} ~${totp}`,
      `a.b.c~${totp}`,
      `${token.split('.').slice(0, 2).join('.')}~${totp}`,
      `${'a'.repeat(1_000_000)}~${totp}`,
      `${token}${'A'.repeat(CARD_CODE_MAX_LENGTH)}~${totp}`,
      undefined,
      null,
      42,
      { token, totp },
    ];
    for (const input of inputs) {
      expect(await verifyCardCode(keys, input, T)).toEqual({ valid: false, reason: 'malformed' });
    }
  });

  it('answers malformed for a signed payload that is not a card', async () => {
    const notACard = await new SignJWT({ dpid: 42 })
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'card+jwt' })
      .setIssuedAt(T)
      .setExpirationTime(at(T, 3600))
      .sign(keys.privateKey);
    const code = cardCode(notACard, cardTotpSecret(keys, '42'), T);
    expect(await verifyCardCode(keys, code, T)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('splits only well-formed codes', () => {
    expect(splitCardCode('a.b.c~123456')).toEqual({ token: 'a.b.c', totp: '123456' });
    expect(splitCardCode('a.b~123456')).toBeUndefined();
  });
});

describe('digital card: keys', () => {
  it('lets anyone check a token offline with the public JWK and plain jose', async () => {
    const token = await issueCardToken(keys, CARD, T);
    const jwk = publicJwk(keys);
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: keys.kid });
    expect(jwk).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(token, await importJWK(jwk), {
      currentDate: T,
    });
    expect(payload).toMatchObject({ ...CARD, iat: T.getTime() / 1000 });
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: keys.kid, typ: 'card+jwt' });
  });

  it('derives each card its own stable base32 TOTP secret', () => {
    const secret = cardTotpSecret(keys, CARD.dpid);
    expect(secret).toMatch(/^[A-Z2-7]{52}$/);
    expect(cardTotpSecret(keys, CARD.dpid)).toBe(secret);
    expect(cardTotpSecret(keys, OTHER_CARD.dpid)).not.toBe(secret);
  });

  it('reads the signing key as a PKCS#8 PEM or a JWK alike', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const secret = 'x'.repeat(32);
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const fromPem = digitalCardKeys({ signingKey: pem, secret });
    expect(digitalCardKeys({ signingKey: jwk, secret }).kid).toBe(fromPem.kid);
    expect(() => digitalCardKeys({ signingKey: 'not a key', secret })).toThrow();
  });

  it('is off in production when the environment gives no keys', () => {
    const production = { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(32), MAIL_CAPTURE: '1' };
    expect(digitalCardKeysFromEnv(loadEnv(production))).toBeUndefined();
  });
});
