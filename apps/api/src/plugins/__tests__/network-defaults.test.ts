import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * The development outbox lists every member's codes and the operator API changes the catalogue:
 * outside production they answer this machine only, on a server that listens on this machine
 * only, unless DEV_TOOLS=1 says otherwise; in production never without the key. The API
 * document never lists them, and is off in production unless API_DOCS=1.
 */
const KEY = 'k'.repeat(32);
const LOOPBACK = '127.0.0.1';
const NEIGHBOUR = '192.168.1.23';

let laptop: TestApp;
let exposed: TestApp;
let container: TestApp;
let production: TestApp;
let productionDocs: TestApp;
beforeAll(async () => {
  [laptop, exposed, container, production, productionDocs] = await Promise.all([
    // Defaults, with every proxy trusted: X-Forwarded-For must still not open anything.
    createTestApp({ env: { TRUST_PROXY: 'true' } }),
    createTestApp({ env: { HOST: '0.0.0.0', OPS_API_KEY: KEY } }),
    createTestApp({ env: { HOST: '0.0.0.0', DEV_TOOLS: '1' } }),
    createTestApp({ env: { NODE_ENV: 'production', OPS_API_KEY: KEY, MAIL_CAPTURE: '1' } }),
    createTestApp({
      env: { NODE_ENV: 'production', OPS_API_KEY: KEY, MAIL_CAPTURE: '1', API_DOCS: '1' },
    }),
  ]);
});
afterAll(() =>
  Promise.all([laptop, exposed, container, production, productionDocs].map((t) => t?.close())),
);

const get = (t: TestApp, url: string, remoteAddress: string, headers = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });
const outbox = (t: TestApp, remoteAddress: string, headers = {}) =>
  get(t, '/__dev/outbox', remoteAddress, headers);
const maintenance = (t: TestApp, remoteAddress: string, headers = {}) =>
  get(t, '/ops-api/maintenance', remoteAddress, headers);

/** An unknown path's answer: the refused outbox must look the same. */
async function expectUnknownPath(t: TestApp, response: Awaited<ReturnType<typeof outbox>>) {
  const unknown = await get(t, '/__dev/no-such-thing', LOOPBACK);
  expect(unknown.statusCode).toBe(404);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual(unknown.json());
  expect(response.json()).toMatchObject({ state: '0', errorCode: '10003' });
}

describe('finding: outbox open to the network', () => {
  it('answers this machine on a server listening on loopback (the default)', async () => {
    const response = await outbox(laptop, LOOPBACK);
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    expect((await outbox(laptop, '::1')).statusCode).toBe(200);
  });

  it('answers any other address as an unknown path', async () => {
    await expectUnknownPath(laptop, await outbox(laptop, NEIGHBOUR));
  });

  it('never believes X-Forwarded-For, even from a trusted proxy', async () => {
    const response = await outbox(laptop, NEIGHBOUR, { 'x-forwarded-for': LOOPBACK });
    await expectUnknownPath(laptop, response);
  });

  it('is off, even for this machine, when the server listens on the network', async () => {
    await expectUnknownPath(exposed, await outbox(exposed, LOOPBACK));
  });

  it('answers every caller when DEV_TOOLS=1 says so', async () => {
    expect((await outbox(container, NEIGHBOUR)).statusCode).toBe(200);
  });

  it('is never there in production', async () => {
    await expectUnknownPath(production, await outbox(production, LOOPBACK));
  });
});

describe('finding: keyless ops API open to the network', () => {
  it('needs no key from this machine on a server listening on loopback (npm start, the CLI)', async () => {
    expect((await maintenance(laptop, LOOPBACK)).statusCode).toBe(200);
  });

  it('needs the key from any other address, X-Forwarded-For or not', async () => {
    expect((await maintenance(laptop, NEIGHBOUR)).statusCode).toBe(403);
    const forwarded = await maintenance(laptop, NEIGHBOUR, { 'x-forwarded-for': LOOPBACK });
    expect(forwarded.statusCode).toBe(403);
  });

  it('needs the key even from this machine when the server listens on the network', async () => {
    expect((await maintenance(exposed, LOOPBACK)).statusCode).toBe(403);
    expect((await maintenance(exposed, NEIGHBOUR, { 'x-ops-key': KEY })).statusCode).toBe(200);
  });

  it('needs no key from anyone when DEV_TOOLS=1 says so', async () => {
    expect((await maintenance(container, NEIGHBOUR)).statusCode).toBe(200);
  });

  it('needs the key in production', async () => {
    expect((await maintenance(production, LOOPBACK)).statusCode).toBe(403);
    expect((await maintenance(production, LOOPBACK, { 'x-ops-key': KEY })).statusCode).toBe(200);
  });
});

describe('finding: the API document is served in production and lists the operator API', () => {
  const documentPaths = async (t: TestApp) => {
    const response = await get(t, '/api-docs/openapi.json', LOOPBACK);
    expect(response.statusCode).toBe(200);
    return Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
  };

  it('lists the calls, and never the development routes', async () => {
    for (const t of [laptop, productionDocs]) {
      const paths = await documentPaths(t);
      expect(paths).toContain('/client-api/airport/list-v2');
      expect(paths.filter((p) => !/^\/(client|ops)-api\//.test(p))).toEqual([]);
    }
  });

  it('lists the operator API (behind its key) outside production only', async () => {
    expect(await documentPaths(laptop)).toContain('/ops-api/memberships/issue');
    const served = await documentPaths(productionDocs);
    expect(served.filter((p) => !p.startsWith('/client-api/'))).toEqual([]);
    const document = await get(productionDocs, '/api-docs/openapi.json', LOOPBACK);
    const { components } = document.json<{ components: { securitySchemes: object } }>();
    expect(Object.keys(components.securitySchemes)).toEqual(['memberToken']);
    expect(document.body).not.toContain('ops-api');
  });

  it('is off in production unless API_DOCS=1, answered as an unknown path', async () => {
    const response = await get(production, '/api-docs/openapi.json', LOOPBACK);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ state: '0', errorCode: '10003' });
  });
});
