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
