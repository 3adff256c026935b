import { API_PREFIX, calls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unchecked, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every route the app serves, as "METHOD /url", read from Fastify's route tree: each line is
 * a path segment under its parent (four characters of indent per level) with its methods.
 */
function servedRoutes(): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push(`${method} ${url}`);
    }
  }
  return routes;
}

describe('the contract and the server', () => {
  it('serves every call of the contract, and nothing under /client-api that is not one', () => {
    const routes = servedRoutes();
    const served = routes
      .filter((route) => route.startsWith(`POST ${API_PREFIX}/`))
      .map((route) => route.slice(`POST ${API_PREFIX}`.length))
      .sort();
    const declared = Object.values(calls)
      .map((call) => call.path)
      .sort();
    expect(served).toEqual(declared);
    // No other method under the prefix: every call is POST.
    expect(routes.filter((r) => r.includes(`${API_PREFIX}/`) && !r.startsWith('POST '))).toEqual(
      [],
    );
  });

  it.each(Object.entries(calls).filter(([, call]) => call.auth === 'member'))(
    'answers 20002 without a token for the member call %s',
    async (_name, call) => {
      const { body } = await t.call(call, unchecked({}));
      expect(body).toMatchObject({ state: '0', errorCode: '20002' });
    },
  );
});
