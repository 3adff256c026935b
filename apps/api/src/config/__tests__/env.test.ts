import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';

describe('loadEnv', () => {
  it('has defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/data$/);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses to boot with everything that is wrong listed', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'not a url', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|NODE_ENV/,
    );
    expect(() =>
      loadEnv({ NODE_ENV: 'production', OPS_API_KEY: 'short', MAIL_CAPTURE: '1' }),
    ).toThrow(/OPS_API_KEY/);
  });

  it('reads switches as 1/true or 0/false, and refuses anything else', () => {
    expect(loadEnv({ DEV_TOOLS: '1', API_DOCS: 'true', DEMO_DATA: '0' })).toMatchObject({
      DEV_TOOLS: true,
      API_DOCS: true,
      DEMO_DATA: false,
      MAIL_CAPTURE: false,
    });
    expect(() => loadEnv({ DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS/);
  });
});

describe('finding: the portal faces the network with unsafe defaults', () => {
  const production = { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(32) };

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses to start in production without OPS_API_KEY', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', MAIL_CAPTURE: '1' })).toThrow(
      /OPS_API_KEY: required in production/,
    );
  });

  it('refuses to start in production without SMTP_URL, unless MAIL_CAPTURE=1 says so', () => {
    expect(() => loadEnv(production)).toThrow(/SMTP_URL: required in production/);
    expect(() => loadEnv({ ...production, MAIL_CAPTURE: '0' })).toThrow(/SMTP_URL/);
    expect(loadEnv({ ...production, SMTP_URL: 'smtp://mail.example:587' }).NODE_ENV).toBe(
      'production',
    );
    expect(loadEnv({ ...production, MAIL_CAPTURE: '1' }).MAIL_CAPTURE).toBe(true);
  });

  it('lists every missing production setting at once', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/OPS_API_KEY[\s\S]*SMTP_URL/);
  });

  it('refuses DEV_TOOLS=1 in production', () => {
    expect(() => loadEnv({ ...production, MAIL_CAPTURE: '1', DEV_TOOLS: '1' })).toThrow(
      /DEV_TOOLS/,
    );
  });

  it('asks nothing more outside production', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).OPS_API_KEY).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'test' }).SMTP_URL).toBeUndefined();
  });
});

describe('the digital card keys (DIGITAL_CARD_SIGNING_KEY, DIGITAL_CARD_SECRET)', () => {
  const production = { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(32), MAIL_CAPTURE: '1' };
  const ed25519Pem = () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const secret = 's'.repeat(32);

  it('defaults outside production to fixed development values, the same every load', () => {
    const dev = loadEnv({});
    expect(dev.DIGITAL_CARD_SIGNING_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createPrivateKey(dev.DIGITAL_CARD_SIGNING_KEY!).asymmetricKeyType).toBe('ed25519');
    expect(Buffer.byteLength(dev.DIGITAL_CARD_SECRET!)).toBeGreaterThanOrEqual(32);
    const test = loadEnv({ NODE_ENV: 'test' });
    expect(test.DIGITAL_CARD_SIGNING_KEY).toBe(dev.DIGITAL_CARD_SIGNING_KEY);
    expect(test.DIGITAL_CARD_SECRET).toBe(dev.DIGITAL_CARD_SECRET);
  });

  it('uses the values given, a PEM (its newlines maybe as \\n) or a JWK', () => {
    const pem = ed25519Pem();
    expect(loadEnv({ DIGITAL_CARD_SIGNING_KEY: pem, DIGITAL_CARD_SECRET: secret })).toMatchObject({
      DIGITAL_CARD_SIGNING_KEY: pem,
      DIGITAL_CARD_SECRET: secret,
    });
    const oneLine = pem.replace(/\n/g, '\\n');
    expect(loadEnv({ DIGITAL_CARD_SIGNING_KEY: oneLine }).DIGITAL_CARD_SIGNING_KEY).toBe(oneLine);
    const jwk = JSON.stringify(createPrivateKey(pem).export({ format: 'jwk' }));
    expect(loadEnv({ DIGITAL_CARD_SIGNING_KEY: jwk }).DIGITAL_CARD_SIGNING_KEY).toBe(jwk);
  });

  it('refuses a key that is not an Ed25519 private key, or a short secret, anywhere', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const publicPem = createPublicKey(ed25519Pem()).export({ type: 'spki', format: 'pem' });
    for (const key of ['not a key', '{"kty":"OKP"}', rsa, publicPem.toString()]) {
      expect(() => loadEnv({ DIGITAL_CARD_SIGNING_KEY: key })).toThrow(
        /DIGITAL_CARD_SIGNING_KEY: must be an Ed25519 key/,
      );
    }
    expect(() => loadEnv({ NODE_ENV: 'test', DIGITAL_CARD_SECRET: 's'.repeat(31) })).toThrow(
      /DIGITAL_CARD_SECRET: must be at least 32 bytes/,
    );
  });

  it('leaves the card off in production when neither is given', () => {
    const env = loadEnv(production);
    expect(env.DIGITAL_CARD_SIGNING_KEY).toBeUndefined();
    expect(env.DIGITAL_CARD_SECRET).toBeUndefined();
  });

  it('refuses one without the other in production', () => {
    expect(() => loadEnv({ ...production, DIGITAL_CARD_SIGNING_KEY: ed25519Pem() })).toThrow(
      /DIGITAL_CARD_SECRET: required in production/,
    );
    expect(() => loadEnv({ ...production, DIGITAL_CARD_SECRET: secret })).toThrow(
      /DIGITAL_CARD_SIGNING_KEY: required in production/,
    );
  });

  it('refuses the public development values in production, in any format', () => {
    const dev = loadEnv({});
    const devKey = dev.DIGITAL_CARD_SIGNING_KEY!;
    const devJwk = JSON.stringify(createPrivateKey(devKey).export({ format: 'jwk' }));
    for (const key of [devKey, devJwk]) {
      expect(() =>
        loadEnv({ ...production, DIGITAL_CARD_SIGNING_KEY: key, DIGITAL_CARD_SECRET: secret }),
      ).toThrow(/DIGITAL_CARD_SIGNING_KEY: the development key is public/);
    }
    expect(() =>
      loadEnv({
        ...production,
        DIGITAL_CARD_SIGNING_KEY: ed25519Pem(),
        DIGITAL_CARD_SECRET: dev.DIGITAL_CARD_SECRET,
      }),
    ).toThrow(/DIGITAL_CARD_SECRET: the development secret is public/);
  });

  it('takes a production pair of its own', () => {
    const key = ed25519Pem();
    expect(
      loadEnv({ ...production, DIGITAL_CARD_SIGNING_KEY: key, DIGITAL_CARD_SECRET: secret }),
    ).toMatchObject({ DIGITAL_CARD_SIGNING_KEY: key, DIGITAL_CARD_SECRET: secret });
  });
});
