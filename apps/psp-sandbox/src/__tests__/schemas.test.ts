import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';
import { generateEncryptionKey } from '../keys';

const key = generateEncryptionKey();
const base = { publicUrl: 'http://psp.test', apiKey: 'test-api-key', key };

describe('request schemas', () => {
  it('are valid JSON Schema (checked against its own schema as they are compiled)', async () => {
    const app = await buildSandbox({ ...base, checkSchemas: true });
    await expect(app.ready()).resolves.toBe(app);
    await app.close();
  });

  it('checkSchemas refuses a schema JSON Schema does not allow; a start does not check', async () => {
    const badRoute = (app: Awaited<ReturnType<typeof buildSandbox>>) =>
      app.post('/bad', { schema: { body: { type: 'object', minProperties: -1 } } }, () => ({}));
    const checked = await buildSandbox({ ...base, checkSchemas: true });
    badRoute(checked);
    await expect(checked.ready()).rejects.toThrow(/minProperties/);
    await checked.close().catch(() => {});
    const unchecked = await buildSandbox(base);
    badRoute(unchecked);
    await expect(unchecked.ready()).resolves.toBe(unchecked);
    await unchecked.close();
  });

  it("a start compiles each schema on its route's first call, and answers as a build that checked them", async () => {
    // Bodies each route's schema refuses, and one it takes.
    const calls: [string, unknown][] = [
      ['/v1/sandbox/sessions', { customerId: 'a/b' }],
      ['/v1/sandbox/sessions', { customerId: 7 }],
      ['/v1/sandbox/sessions', {}],
      ['/v1/sandbox/tokens', { card: 'no' }],
      ['/v1/sandbox/payments', { amountOfMoney: { amount: -1 } }],
      ['/v1/sandbox/payments/p-1/refunds', []],
    ];
    const answers = async (app: Awaited<ReturnType<typeof buildSandbox>>) => {
      const seen = [];
      for (const [url, payload] of calls) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: 'Bearer test-api-key' },
          payload: payload as Record<string, unknown>,
        });
        const body = res.json<{ errors?: { errorId?: string }[]; customerId?: string }>();
        // Random parts (an error's id, a new customer's id) aside.
        seen.push({
          status: res.statusCode,
          errors: body.errors?.map(({ errorId: _, ...rest }) => rest),
          customer: typeof body.customerId,
        });
      }
      return seen;
    };
    const checked = await buildSandbox({ ...base, checkSchemas: true });
    const lazy = await buildSandbox(base);
    try {
      const expected = await answers(checked);
      expect(expected.filter((a) => a.status === 400)).toHaveLength(calls.length - 1);
      expect(await answers(lazy)).toEqual(expected);
    } finally {
      await checked.close();
      await lazy.close();
    }
    // Compiled when first called: a schema Ajv cannot compile lets a start get ready, and
    // fails its route's call (500), never the start.
    const unchecked = await buildSandbox(base);
    unchecked.post('/bad', { schema: { body: { type: 'nonsense' } } }, () => ({}));
    await expect(unchecked.ready()).resolves.toBe(unchecked);
    const bad = await unchecked.inject({ method: 'POST', url: '/bad', payload: {} });
    expect(bad.statusCode).toBe(500);
    await unchecked.close();
  });
});
