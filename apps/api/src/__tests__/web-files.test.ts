import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The built web app's files, its hashed assets served by one route (issue 23: a pair of routes
 * per file took 0.3 s of the start): hashed assets cached for a year, everything else revalidated, a file that
 * is not there (or is a dotfile, or outside the build) answered by the SPA's page.
 */
const INDEX = '<!doctype html><title>Portal</title>';
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

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

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
    expect(answer.body).toBe(INDEX);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers a GET under the API paths with the unknown-call failure, not a page', async () => {
    const answer = await get('/client-api/airport/list-v2');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ state: '0', errorCode: '10003' });
  });
});
