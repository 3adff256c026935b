import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships } from '../../../db/schema';

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  prod = await createTestApp({
    env: { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(32), MAIL_CAPTURE: '1' },
  });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
});

const issue = (
  t: TestApp,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/ops-api/memberships/issue',
    payload: payload as object,
    headers,
    remoteAddress,
  });

describe('POST /ops-api/memberships/issue', () => {
  it('issues unique 16-digit numbers with the card type, holder and a default expiry', async () => {
    const response = await issue(dev, { issuer: 'natwest', count: 25, holder: 'Ann Lee' });
    expect(response.statusCode).toBe(200);
    const { numbers, expiresOn } = response.json<{ numbers: string[]; expiresOn: string }>();
    expect(numbers).toHaveLength(25);
    expect(new Set(numbers).size).toBe(25);
    for (const n of numbers) expect(n).toMatch(/^[1-9]\d{15}$/);
    expect(expiresOn).toBe('2029-11-30');
    const [row] = await dev.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, numbers[0]!));
    expect(row).toMatchObject({
      issuer: 'natwest',
      cardType: 'black',
      holderName: 'Ann Lee',
      status: 'active',
    });
  });

  it('takes a card type and refuses an unknown one', async () => {
    const ok = await issue(dev, { issuer: 'coop', cardType: 'premier', expiresOn: '2030-01-31' });
    const [dpid] = ok.json<{ numbers: string[] }>().numbers;
    const [row] = await dev.app.db.select().from(memberships).where(eq(memberships.dpid, dpid!));
    expect(row).toMatchObject({ cardType: 'premier', passesPerYear: 6, expiresOn: '2030-01-31' });
    const bad = await issue(dev, { issuer: 'coop', cardType: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Known: platinum, everyday-extra, premier',
    );
  });

  it('refuses bad input with the fields named', async () => {
    for (const payload of [
      { issuer: 'acme' },
      { issuer: 'natwest', count: 0 },
      { issuer: 'natwest', count: 1001 },
      { issuer: 'natwest', expiresOn: '31/01/2030' },
    ]) {
      const response = await issue(dev, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid-request' });
    }
  });

  it('in development, refuses callers that are not on this machine', async () => {
    const response = await issue(dev, { issuer: 'natwest' }, {}, '203.0.113.9');
    expect(response.statusCode).toBe(403);
  });

  it('in production, needs the operator key even from loopback', async () => {
    expect((await issue(prod, { issuer: 'natwest' })).statusCode).toBe(403);
    expect((await issue(prod, { issuer: 'natwest' }, { 'x-ops-key': 'wrong' })).statusCode).toBe(
      403,
    );
    const ok = await issue(prod, { issuer: 'natwest' }, { 'x-ops-key': 'k'.repeat(32) });
    expect(ok.statusCode).toBe(200);
  });

  it('has no development outbox route in production', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/__dev/outbox' })).statusCode).toBe(404);
    expect((await dev.app.inject({ method: 'GET', url: '/__dev/outbox' })).statusCode).toBe(200);
  });
});

describe('the operator API', () => {
  it('answers every failure in one shape: error, message, and the fields or rows at fault', async () => {
    const failures = [
      await issue(dev, { issuer: 'acme' }),
      await issue(prod, { issuer: 'natwest' }),
      await issue(dev, { issuer: 'natwest', cardType: 'gold' }),
      await dev.app.inject({
        method: 'POST',
        url: '/ops-api/catalogue/import',
        payload: { products: [{ kind: 'lounge' }], mode: 'upsert' },
        remoteAddress: '127.0.0.1',
      }),
    ];
    expect(failures.map((f) => [f.statusCode, f.json<{ error: string }>().error])).toEqual([
      [400, 'invalid-request'],
      [403, 'forbidden'],
      [400, 'unknown-card-type'],
      [400, 'invalid-catalogue'],
    ]);
    for (const failure of failures) {
      const body = failure.json<Record<string, unknown>>();
      expect(
        Object.keys(body).every((k) => ['error', 'message', 'fields', 'problems'].includes(k)),
      ).toBe(true);
      expect(typeof body.message).toBe('string');
    }
    expect(failures[0]!.json<{ fields: unknown[] }>().fields.length).toBeGreaterThan(0);
    expect(failures[3]!.json<{ problems: unknown[] }>().problems.length).toBeGreaterThan(0);
  });
});
