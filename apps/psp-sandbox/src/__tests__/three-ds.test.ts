import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_STYLE_HASH } from '../pages/html';
import { createTestSandbox, RETURN_URL, type TestSandbox } from './helpers/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await createTestSandbox();
});
afterAll(() => t.close());

async function challenge() {
  const body = (await t.tokenFor('4000000000003220')).json<{
    token: { id: string };
    redirectUrl: string;
  }>();
  const url = new URL(body.redirectUrl);
  return { id: body.token.id, path: `${url.pathname}${url.search}` };
}

const decide = (id: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: `/3ds/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

const tokenStatus = async (id: string) =>
  (await t.server('GET', `/tokens/${id}`)).json<{ status: string }>().status;

describe('GET /3ds/{tokenId}', () => {
  it('renders an accessible challenge page with both buttons and no script', async () => {
    const { id, path } = await challenge();
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toMatch(/<title>Verify your payment card[^<]*<\/title>/);
    expect(html).toContain('<h1>Verify your payment card</h1>');
    expect(html).toContain('Visa ending in 3220');
    expect(html).toContain('test 3-D Secure challenge');
    expect(html).toContain(`<form method="post" action="${id}"`);
    expect(html).toContain(
      '<button type="submit" name="decision" value="approve" class="approve">Approve</button>',
    );
    expect(html).toContain(
      '<button type="submit" name="decision" value="decline" class="decline">Decline</button>',
    );
    expect(html).toContain(':focus-visible');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    expect(html).not.toContain('400000000000');
  });

  it('sends a CSP that allows its style by hash, no scripts, no framing, and the way back', async () => {
    const { path } = await challenge();
    const res = await t.app.inject({ url: path });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src '${PAGE_STYLE_HASH}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://portal.test");
    expect(csp).not.toContain('script-src');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The hash really is the hash of the inline style.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const { createHash } = await import('node:crypto');
    expect(`sha256-${createHash('sha256').update(style).digest('base64')}`).toBe(PAGE_STYLE_HASH);
  });

  it('answers a 404 page for an unknown token and for a token not awaiting verification', async () => {
    const created = (await t.tokenFor('4111111111111111')).json<{ token: { id: string } }>();
    for (const id of ['unknown', created.token.id]) {
      const res = await t.app.inject({ url: `/3ds/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Verification not found</h1>');
    }
  });
});

describe('POST /3ds/{tokenId}', () => {
  it('approve: the token becomes CREATED and the browser goes back with outcome=approved', async () => {
    const { id } = await challenge();
    const res = await decide(id, 'approve');
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://portal.test/account/cards');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: '3ds',
      tokenId: id,
      outcome: 'approved',
    });
    expect(await tokenStatus(id)).toBe('CREATED');
  });

  it('decline: the token becomes AUTHENTICATION_FAILED and the browser goes back with outcome=declined', async () => {
    const { id } = await challenge();
    const res = await decide(id, 'decline');
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location!).searchParams.get('outcome')).toBe('declined');
    expect(await tokenStatus(id)).toBe('AUTHENTICATION_FAILED');
    // A declined token cannot pay.
    const pay = await t.server('POST', '/payments', {
      token: id,
      amount: 100,
      currency: 'EUR',
      orderId: `o-${id}`,
    });
    expect(pay.statusCode).toBe(400);
  });

  it('answers once: a used challenge is a 404 page', async () => {
    const { id } = await challenge();
    expect((await decide(id, 'approve')).statusCode).toBe(303);
    const again = await decide(id, 'decline');
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Verification not found');
    expect(await tokenStatus(id)).toBe('CREATED');
  });

  it('refuses anything but approve or decline, and leaves the token pending', async () => {
    const { id } = await challenge();
    const res = await decide(id, 'maybe');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(await tokenStatus(id)).toBe('PENDING_AUTHENTICATION');
  });

  it('only ever redirects to the returnUrl given at POST tokens', async () => {
    const { id } = await challenge();
    const res = await t.app.inject({
      method: 'POST',
      url: `/3ds/${id}?returnUrl=${encodeURIComponent('https://evil.test/')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(res.headers.location).toMatch(new RegExp(`^${RETURN_URL.replace(/[?.]/g, '\\$&')}&`));
  });
});
