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
});
