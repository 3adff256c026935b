import { API_PREFIX, calls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unchecked, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the contract and the server', () => {
  it.each(Object.entries(calls))('serves %s', (_name, call) => {
    expect(t.app.hasRoute({ method: 'POST', url: `${API_PREFIX}${call.path}` })).toBe(true);
  });

  it.each(Object.entries(calls).filter(([, call]) => call.auth === 'member'))(
    'answers 20002 without a token for the member call %s',
    async (_name, call) => {
      const { body } = await t.call(call, unchecked({}));
      expect(body).toMatchObject({ state: '0', errorCode: '20002' });
    },
  );
});
