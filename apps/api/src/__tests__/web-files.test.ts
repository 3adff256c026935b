import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calls, FIRST_SCREEN_CONFIG_ELEMENT, type Issuer } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { firstScreenPage } from '../modules/home/first-screen';
import { clearMaintenanceWindow, setMaintenanceWindow } from '../platform/maintenance';

/*
 * The built web app's files, its hashed assets served by one route (issue 23: a pair of routes
 * per file took 0.3 s of the start): hashed assets cached for a year, everything else revalidated, a file that
 * is not there (or is a dotfile, or outside the build) answered by the SPA's page.
 */
const HEAD = '<!doctype html><html><head><title>Portal</title>';
const INDEX = `${HEAD}</head><body><div id="root"></div></body></html>`;
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  await fs.writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *');
  await fs.writeFile(path.join(webDist, '.env'), 'SECRET=1');
  await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDist, 'assets', '.secret'), 'SECRET=2');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET', headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers });

const BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_CONFIG_ELEMENT}" data-issuer="([a-z]+)">(.*?)</script>`,
);

/** The page as built, and the configuration the server put in it (and for which issuer). */
function firstScreen(body: string) {
  const match = BLOCK.exec(body);
  return {
    page: body.replace(BLOCK, ''),
    issuer: match?.[1],
    config: match ? (JSON.parse(match[2]!) as unknown) : undefined,
  };
}

/** What the agent-config call answers for the channel. */
async function configCall(channel: Issuer) {
  const { body } = await t.call(calls.agentConfigV3, { channel });
  expect(body.state).toBe('1');
  return body.result;
}

describe('the web files', () => {
  it('sends a hashed asset cached for a year, and a root file revalidated', async () => {
    const script = await get('/assets/app-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1)');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await get('/assets/app-abc123.js', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const robots = await get('/robots.txt');
    expect(robots.body).toBe('User-agent: *');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['the home page', '/'],
    ['a page the SPA routes', '/account/profile'],
    ['an asset that is not there', '/assets/gone-999.js'],
    ['a dotfile', '/.env'],
    ['a dotfile among the assets', '/assets/.secret'],
    ['a path out of the build', '/../package.json'],
    ['an encoded path out of the build', '/%2e%2e/package.json'],
  ])('answers %s with the SPA page, revalidated', async (_what, url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const { page, issuer } = firstScreen(answer.body);
    expect(page).toBe(INDEX);
    expect(issuer).toBe('default');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers a GET under the API paths with the unknown-call failure, not a page', async () => {
    const answer = await get('/client-api/airport/list-v2');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ state: '0', errorCode: '10003' });
  });
});

describe("the SPA's page, with the first screen's configuration (issue 23)", () => {
  it('holds what the agent-config call answers, just before the end of the head', async () => {
    const answer = await get('/');
    const { config, issuer } = firstScreen(answer.body);
    expect(issuer).toBe('default');
    expect(config).toEqual(await configCall('default'));
    expect(answer.body.indexOf(FIRST_SCREEN_CONFIG_ELEMENT)).toBeGreaterThan(HEAD.length - 1);
    expect(answer.body.indexOf(FIRST_SCREEN_CONFIG_ELEMENT)).toBeLessThan(
      answer.body.indexOf('</head>'),
    );
  });

  it.each([
    ['/?issuer=natwest', {}, 'natwest'],
    ['/airport?channel=RBS', {}, 'rbs'],
    ['/', { host: 'ubni.lounges.example' }, 'ulster'],
    ['/?issuer=coop', { host: 'natwest.lounges.example' }, 'coop'],
    ['/?issuer=acme', { host: 'lounges.example' }, 'default'],
  ] as const)('%s %j: the configuration of %s', async (url, headers, expected) => {
    const { config, issuer } = firstScreen((await get(url, 'GET', headers)).body);
    expect(issuer).toBe(expected);
    expect(config).toEqual(await configCall(expected));
  });

  it("holds the operator's maintenance window as it is now; no text of it can end the block", async () => {
    const message = 'Down </script><script>alert(1)</script> <!-- for an hour.';
    await setMaintenanceWindow(
      t.app.db,
      { from: '2026-01-15T00:00:00Z', to: '2026-01-16T00:00:00Z', message },
      t.clock.now(),
    );
    try {
      const answer = await get('/');
      expect(answer.body).not.toContain('<script>alert');
      expect(answer.body).not.toContain('<!--');
      const { config } = firstScreen(answer.body);
      expect(config).toMatchObject({ maintenance: { message } });
      expect(config).toEqual(await configCall('default'));
    } finally {
      await clearMaintenanceWindow(t.app.db);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await get('/', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('sends the page as built when it has no head, or the configuration cannot be read', async () => {
    const request = (url: string) =>
      ({ url, hostname: 'localhost', log: { warn: vi.fn() } }) as unknown as FastifyRequest;
    expect(await firstScreenPage(t.app, '<p>No head</p>', request('/'))).toBe('<p>No head</p>');
    const down = {
      env: t.app.env,
      db: new Proxy(
        {},
        {
          get: () => () => {
            throw new Error('the database is down');
          },
        },
      ),
    } as unknown as FastifyInstance;
    const asked = request('/?issuer=natwest');
    expect(await firstScreenPage(down, INDEX, asked)).toBe(INDEX);
    expect(asked.log.warn).toHaveBeenCalledOnce();
  });
});
