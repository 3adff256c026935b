import { calls } from '@portal/contract';
import type { AgentConfig } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';

let t: TestApp;
let production: TestApp;
const KEY = 'k'.repeat(32);
beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({
    env: { NODE_ENV: 'production', OPS_API_KEY: KEY, MAIL_CAPTURE: '1' },
  });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

const maintenance = (
  app: TestApp,
  method: 'GET' | 'PUT' | 'DELETE',
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.app.inject({
    method,
    url: '/ops-api/maintenance',
    remoteAddress: '127.0.0.1',
    headers,
    ...(payload ? { payload } : {}),
  });

async function windowShown(app: TestApp) {
  const { body } = await app.call(calls.agentConfigV3);
  return (body.result as AgentConfig).maintenance;
}

describe('/ops-api/maintenance', () => {
  it('sets a window that agent-config then answers', async () => {
    const response = await maintenance(t, 'PUT', {
      from: '2026-01-15T08:00:00+01:00',
      to: '2026-01-15T12:00:00Z',
      message: 'Card payments are paused.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      maintenance: {
        from: '2026-01-15T07:00:00.000Z',
        to: '2026-01-15T12:00:00.000Z',
        message: 'Card payments are paused.',
      },
      isDefault: false,
    });
    expect(await windowShown(t)).toMatchObject({ from: '2026-01-15T07:00:00.000Z' });
    expect((await maintenance(t, 'GET')).json()).toMatchObject({ isDefault: false });
  });

  it('uses the standard message when none is given', async () => {
    const response = await maintenance(t, 'PUT', {
      from: '2026-02-01T00:00:00Z',
      to: '2026-02-02T00:00:00Z',
    });
    expect(response.json<{ maintenance: { message: string } }>().maintenance.message).toContain(
      'planned maintenance',
    );
  });

  it('restores the default with clear or DELETE', async () => {
    await maintenance(t, 'PUT', { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' });
    const cleared = await maintenance(t, 'PUT', { clear: true });
    expect(cleared.json()).toMatchObject({
      maintenance: { from: '2025-07-23T00:00:00Z', to: '2025-08-06T23:59:59Z' },
      isDefault: true,
    });
    await maintenance(t, 'PUT', { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' });
    expect((await maintenance(t, 'DELETE')).json()).toMatchObject({ isDefault: true });
    expect((await windowShown(t))?.from).toBe('2025-07-23T00:00:00Z');
  });

  it('refuses a window that ends before it starts, or that is not ISO instants', async () => {
    for (const payload of [
      { from: '2026-02-02T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      { from: '2026-02-01', to: '2026-02-02' },
      { from: '2026-02-01T00:00:00', to: '2026-02-02T00:00:00' },
      { from: '2026-02-01T00:00:00Z' },
      { clear: false },
      { clear: true, from: '2026-02-01T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z', message: '' },
    ]) {
      const response = await maintenance(t, 'PUT', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ error: 'invalid-request' });
    }
  });

  it('needs the operator key in production', async () => {
    const body = { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' };
    expect((await maintenance(production, 'PUT', body)).statusCode).toBe(403);
    expect((await maintenance(production, 'DELETE')).statusCode).toBe(403);
    expect((await maintenance(production, 'GET')).statusCode).toBe(403);
    const ok = await maintenance(production, 'PUT', body, { 'x-ops-key': KEY });
    expect(ok.statusCode).toBe(200);
  });
});
