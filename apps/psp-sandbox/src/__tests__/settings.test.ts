import { describe, expect, it } from 'vitest';
import { generateEncryptionKey, type EncryptionKey } from '../keys';
import { settingsFromEnv } from '../settings';
import { startSandbox, startSandboxWhen } from '../start';
import { startReceiver } from './helpers/receiver';
import { RETURN_URL, validCard } from './helpers/sandbox';
import { encryptLikeSdk, sdkPayload } from './helpers/sdk-like-jwe';

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

describe('settingsFromEnv: webhooks', () => {
  const hooks = { PSP_WEBHOOK_URL: 'http://127.0.0.1:3000/hooks', PSP_WEBHOOK_SECRET: 'whsec' };

  it('reads PSP_WEBHOOK_URL and PSP_WEBHOOK_SECRET, with the delivery defaults', () => {
    expect(settingsFromEnv(hooks).webhooks).toEqual({
      url: 'http://127.0.0.1:3000/hooks',
      secret: 'whsec',
      maxAttempts: 8,
      retryDelayMs: 1000,
      duplicates: false,
      outOfOrder: false,
      holdMs: 1000,
    });
  });

  it('reads the delivery knobs', () => {
    expect(
      settingsFromEnv({
        ...hooks,
        PSP_WEBHOOK_MAX_ATTEMPTS: '3',
        PSP_WEBHOOK_RETRY_MS: '0',
        PSP_WEBHOOK_DUPLICATES: 'true',
        PSP_WEBHOOK_OUT_OF_ORDER: '1',
        PSP_WEBHOOK_HOLD_MS: '250',
      }).webhooks,
    ).toMatchObject({
      maxAttempts: 3,
      retryDelayMs: 0,
      duplicates: true,
      outOfOrder: true,
      holdMs: 250,
    });
  });

  it('has none without a URL, whatever else is set', () => {
    expect(settingsFromEnv({ PSP_WEBHOOK_SECRET: 'whsec' })).not.toHaveProperty('webhooks');
  });

  it.each([
    [{ PSP_WEBHOOK_SECRET: '' }, 'PSP_WEBHOOK_SECRET'],
    [{ PSP_WEBHOOK_URL: 'portal/hooks' }, 'PSP_WEBHOOK_URL'],
    [{ PSP_WEBHOOK_MAX_ATTEMPTS: '0' }, 'PSP_WEBHOOK_MAX_ATTEMPTS'],
    [{ PSP_WEBHOOK_RETRY_MS: '1s' }, 'PSP_WEBHOOK_RETRY_MS'],
    [{ PSP_WEBHOOK_DUPLICATES: 'twice' }, 'PSP_WEBHOOK_DUPLICATES'],
    [{ PSP_WEBHOOK_HOLD_MS: '-5' }, 'PSP_WEBHOOK_HOLD_MS'],
  ])('refuses %j', (change, name) => {
    expect(() => settingsFromEnv({ ...hooks, ...change })).toThrow(name);
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

  it('listens before a key given as a promise is made; its requests wait for the key', async () => {
    let giveKey: (key: EncryptionKey) => void = () => {};
    const pending = new Promise<EncryptionKey>((resolve) => (giveKey = resolve));
    const sandbox = await startSandbox({ port: 0, apiKey: 'k', key: pending });
    try {
      expect(() => sandbox.app.sandbox.key).toThrow('not made yet');
      let answered = false;
      const asked = fetch(`${sandbox.url}/v1/sandbox/sessions`, {
        method: 'POST',
        headers: { authorization: 'Bearer k' },
      }).then(async (res) => {
        answered = true;
        return (await res.json()) as { clientSessionId: string; customerId: string };
      });
      // Given time to be answered (a few ms on loopback), it is not: it waits for the key.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      const key = await generateEncryptionKey();
      giveKey(key);
      const session = await asked;
      const res = await fetch(`${sandbox.url}/client/v1/${session.customerId}/crypto/publickey`, {
        headers: { authorization: `GCS v1Client:${session.clientSessionId}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ keyId: key.keyId, publicKey: key.publicKey });
      expect(sandbox.app.sandbox.key).toBe(key);
    } finally {
      await sandbox.close();
    }
  });

  it('sends webhooks to the URL it is given, and tells when they are done', async () => {
    const receiver = await startReceiver();
    const sandbox = await startSandbox({
      port: 0,
      apiKey: 'k',
      webhooks: { url: receiver.url, secret: 'whsec', retryDelayMs: 5 },
    });
    try {
      const server = async (path: string, body: unknown) => {
        const res = await fetch(`${sandbox.url}/v1/sandbox${path}`, {
          method: 'POST',
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return (await res.json()) as Record<string, unknown>;
      };
      const session = await server('/sessions', {});
      const card = validCard('4111111111111111');
      const input = encryptLikeSdk(
        sdkPayload(session.clientSessionId as string, 1, card),
        sandbox.app.sandbox.key,
      );
      const { token } = await server('/tokens', {
        encryptedCustomerInput: input,
        returnUrl: RETURN_URL,
      });
      const payment = await server('/payments', {
        token: (token as { id: string }).id,
        amount: 500,
        currency: 'EUR',
        orderId: 'started-1',
      });

      await sandbox.webhooks.idle();
      expect(receiver.received.map((r) => r.event.payment)).toEqual([payment]);
      const pending = await fetch(`${sandbox.url}/webhooks/pending`);
      expect(await pending.json()).toEqual({ pending: 0 });
    } finally {
      await sandbox.close();
      await receiver.close();
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

describe('startSandboxWhen', () => {
  const cue = () => {
    let give: () => void = () => {};
    const given = new Promise<void>((resolve) => (give = resolve));
    return { given, give };
  };

  it('listens at once, builds on its cue, and answers the requests that came before', async () => {
    const { given, give } = cue();
    const sandbox = await startSandboxWhen(given, { port: 0, apiKey: 'k' });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      let cued = false;
      const asked = fetch(`${sandbox.url}/v1/sandbox/sessions`, {
        method: 'POST',
        headers: { authorization: 'Bearer k' },
      }).then(async (res) => ({ cued, status: res.status, body: await res.json() }));
      // Given time to be answered (a few ms on loopback), it is not: there is no sandbox yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      cued = true;
      give();
      await sandbox.built;
      expect(await asked).toEqual({
        cued: true,
        status: 201,
        body: expect.objectContaining({ clientApiUrl: `${sandbox.url}/client` }) as unknown,
      });
      // And after the build, as any sandbox.
      const health = await fetch(`${sandbox.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('closes before its cue without building', async () => {
    const { given, give } = cue();
    const sandbox = await startSandboxWhen(given, { port: 0, apiKey: 'k' });
    await sandbox.close();
    give();
    await sandbox.built;
    await expect(fetch(`${sandbox.url}/healthz`)).rejects.toThrow();
  });

  it('answers 503 when its build fails, and says why', async () => {
    const { given, give } = cue();
    const sandbox = await startSandboxWhen(given, { port: 0, apiKey: '' });
    try {
      const asked = fetch(`${sandbox.url}/healthz`);
      give();
      await expect(sandbox.built).rejects.toThrow('apiKey is required');
      expect((await asked).status).toBe(503);
      expect((await fetch(`${sandbox.url}/healthz`)).status).toBe(503);
    } finally {
      await sandbox.close();
    }
  });
});
