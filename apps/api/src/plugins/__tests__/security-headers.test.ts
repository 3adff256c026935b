import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Every answer of the portal, pages and calls alike, carries the security headers (issue 8):
 * a CSP that runs no inline script, HSTS, no framing, a referrer policy and nosniff.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const answers: [string, () => Promise<LightMyRequestResponse>][] = [
  ['the home page', () => t.app.inject({ method: 'GET', url: '/' })],
  ['a page routed by the SPA', () => t.app.inject({ method: 'GET', url: '/account/profile' })],
  ['a script', () => t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })],
  ['a call', async () => (await t.call('/airport/list-v2', {})).response],
  ['a refused call', async () => (await t.call('/account/my-details', {})).response],
  ['a malformed call', async () => (await t.call('/login/gen-token', { nope: 1 })).response],
  [
    'an unknown call',
    () => t.app.inject({ method: 'POST', url: '/client-api/no/such/call', payload: {} }),
  ],
  ['the health check', () => t.app.inject({ method: 'GET', url: '/healthz' })],
  ['a 404 outside the SPA', () => t.app.inject({ method: 'POST', url: '/nowhere' })],
];

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it.each(answers)('are on %s', async (_what, answer) => {
    const response = await answer();
    const headers = response.headers;

    const csp = directives(String(headers['content-security-policy']));
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);

    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
