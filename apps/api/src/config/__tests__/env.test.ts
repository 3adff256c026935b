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
    expect(() => loadEnv({ NODE_ENV: 'production', OPS_API_KEY: 'short' })).toThrow(/OPS_API_KEY/);
  });
});
