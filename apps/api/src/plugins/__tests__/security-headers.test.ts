import { calls } from '@portal/contract';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../test/test-app';

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
  ['a call', async () => (await t.call(calls.airportListV2, {})).response],
  ['a refused call', async () => (await t.call(calls.myDetails, {})).response],
  ['a malformed call', async () => (await t.call(calls.genToken, unchecked({ nope: 1 }))).response],
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

/** The policy every answer carries: a CSP that runs no inline script, HSTS, no framing, … */
function expectSecurityHeaders(headers: Record<string, string | string[] | number | undefined>) {
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
}

describe('security headers', () => {
  it.each(answers)('are on %s', async (_what, answer) => {
    expectSecurityHeaders((await answer()).headers);
  });
});

/** One raw HTTP exchange with the listening server: what Node answers before Fastify. */
function rawExchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the request's `Connection: close` (or its fault) makes the server close.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

describe('finding: 414 and 431 answers lack the security headers', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const get = (target: string, extraHeaders = '') =>
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

  it.each<[string, () => string, number]>([
    ['an over-long URL', () => get(`/${'a'.repeat(20_000)}`), 431],
    ['over-long headers', () => get('/', `X-Padding: ${'a'.repeat(20_000)}\r\n`), 431],
    [
      'too many headers',
      () => get('/', Array.from({ length: 2_000 }, (_, i) => `X-Many-${i}: 1\r\n`).join('')),
      431,
    ],
    [
      'an over-long path parameter',
      () => get(`/assets-api/art/lounge/${'a'.repeat(200)}.svg`),
      414,
    ],
    ['a malformed URL', () => get('/assets-api/art/lounge/%E0%A4%A.svg'), 400],
    ['a request that is not HTTP', () => 'HELLO\r\n\r\n', 400],
  ])('carry them on %s, with the failure envelope', async (_what, request, statusCode) => {
    const answer = await rawExchange(port, request());
    expect(answer.statusCode).toBe(statusCode);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ state: '0', errorCode: '10001' });
  });
});
