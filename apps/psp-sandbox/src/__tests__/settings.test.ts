import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../settings';
import { startSandbox } from '../start';

describe('settingsFromEnv', () => {
  it('defaults to 127.0.0.1:3100 and the sandbox API key, which it flags', () => {
    expect(settingsFromEnv({})).toEqual({
      port: 3100,
      host: '127.0.0.1',
      apiKey: 'sandbox-api-key',
      usesDefaultApiKey: true,
    });
  });

  it('reads PSP_PORT, PSP_HOST, PSP_PUBLIC_URL and PSP_API_KEY', () => {
    expect(
      settingsFromEnv({
        PSP_PORT: '4200',
        PSP_HOST: '0.0.0.0',
        PSP_PUBLIC_URL: 'https://psp.example.test/',
        PSP_API_KEY: 'k-123',
      }),
    ).toEqual({
      port: 4200,
      host: '0.0.0.0',
      publicUrl: 'https://psp.example.test',
      apiKey: 'k-123',
      usesDefaultApiKey: false,
    });
  });

  it.each([
    [{ PSP_PORT: 'abc' }, 'PSP_PORT'],
    [{ PSP_PORT: '70000' }, 'PSP_PORT'],
    [{ PSP_PUBLIC_URL: 'psp.example' }, 'PSP_PUBLIC_URL'],
    [{ PSP_PUBLIC_URL: 'ftp://psp.example' }, 'PSP_PUBLIC_URL'],
  ])('refuses %j', (env, name) => {
    expect(() => settingsFromEnv(env)).toThrow(name);
  });
});

describe('startSandbox', () => {
  it('listens, hands out URLs of the port it bound, and closes', async () => {
    const sandbox = await startSandbox({ port: 0, apiKey: 'k' });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${sandbox.url}/v1/sandbox/sessions`, {
        method: 'POST',
        headers: { authorization: 'Bearer k' },
      });
      expect(await res.json()).toMatchObject({
        clientApiUrl: `${sandbox.url}/client`,
        assetUrl: `${sandbox.url}/assets/`,
      });
    } finally {
      await sandbox.close();
    }
  });

  it('uses the public URL it is given', async () => {
    const sandbox = await startSandbox({
      port: 0,
      apiKey: 'k',
      publicUrl: 'https://psp.example.test/',
    });
    try {
      expect(sandbox.url).toBe('https://psp.example.test');
      expect(sandbox.app.sandbox.clientApiUrl()).toBe('https://psp.example.test/client');
    } finally {
      await sandbox.close();
    }
  });
});
