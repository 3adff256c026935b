import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { DEMO } from '../support/login';
import type { paths } from '../support/portal-api-types';

/*
 * Issue 22: the API document as integrators meet it. A client generated from the document
 * (openapi-typescript types, openapi-fetch) calls the running portal, and a person reads the
 * reference page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** RSA-OAEP (SHA-256) under the server's public key, base64: how a password travels. */
function encrypt(password: string, publicKey: string): string {
  const key = createPublicKey({
    key: Buffer.from(publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabToElement(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the call');
}

describe('a client generated from the API document', () => {
  it('logs in and lists the lounges at LHR, typed end to end', async () => {
    const client = createClient<paths>({ baseUrl: baseUrl(), headers: { channel: 'ASE' } });

    const key = await client.POST('/client-api/login/encryptPublicKey', { body: {} });
    if (key.data?.state !== '11') throw new Error(`public key: ${JSON.stringify(key.data)}`);

    const login = await client.POST('/client-api/login/gen-token', {
      body: { email: DEMO.email, password: encrypt(DEMO.password, key.data.result.publicKey) },
    });
    if (login.data?.state !== '1') throw new Error(`login: ${JSON.stringify(login.data)}`);
    const { token, userInfo } = login.data.result;
    expect(userInfo.email).toBe(DEMO.email);

    const lounges = await client.POST('/client-api/lounge/list/v2', {
      body: { airportCode: 'LHR', pageSize: 50 },
    });
    if (lounges.data?.state !== '1') throw new Error(`lounges: ${JSON.stringify(lounges.data)}`);
    const { items, total } = lounges.data.result;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBe(Math.min(total, 50));
    expect(new Set(items.map((lounge) => lounge.airportCode))).toEqual(new Set(['LHR']));
    expect(new Set(items.map((lounge) => lounge.kind))).toEqual(new Set(['lounge']));

    // The token, as the document's memberToken scheme says: a member call answers for that member.
    const memberships = await client.POST('/client-api/membership/list', {
      body: {},
      headers: { Authorization: `Bearer ${token}` },
    });
    if (memberships.data?.state !== '1') throw new Error(JSON.stringify(memberships.data));
    expect(memberships.data.result.length).toBeGreaterThan(0);

    // Without it, the failure the document lists for the call, with its message.
    const refused = await client.POST('/client-api/membership/list', { body: {} });
    expect(refused.data).toEqual({
      state: '0',
      errorCode: '20002',
      errorMsg: 'Session time out',
    });
  });
});

describe('the reference page at /api-docs', () => {
  it('renders every call from the document, works by keyboard, and axe finds nothing', async () => {
    const { context, page } = await openPage(browser, '/api-docs');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await expect
      .poll(() => page.locator('#reference').getAttribute('aria-busy'), { timeout: 20_000 })
      .toBeNull();
    await page.getByRole('heading', { level: 1, name: /Lounge portal API/ }).waitFor();
    const document = (await (await fetch(`${baseUrl()}/api-docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);

    // One call opened from the keyboard shows its failures, codes and messages.
    const opened = page.locator('.opblock').filter({ hasText: 'products.loungeList' });
    await tabToElement(page, opened.locator('.opblock-summary-control'));
    await page.keyboard.press('Enter');
    await opened.getByText('Public: no token needed.').waitFor();
    await expect.poll(() => opened.getByRole('cell', { name: '10001' }).count()).toBeGreaterThan(0);

    await expectNoA11yViolations(page);
    expect(violations).toEqual([]);
    await context.close();
  });
});
