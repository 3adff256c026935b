import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecurityCodeRefused, cacheCvv } from '@/shared/payment/cache-cvv';

const card = { securityCode: { url: 'https://psp.test/ingenico/cacheCvv', token: 'tok-1' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cacheCvv', () => {
  it("posts the code with the card's provider token to the provider, without the portal's headers or cookies", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(new Response('{"cached":true}'));
    vi.stubGlobal('fetch', fetch);
    await cacheCvv(card, '123');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://psp.test/ingenico/cacheCvv');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(init!.body as string)).toEqual({ token: 'tok-1', cvv: '123' });
    expect(
      Object.keys(init!.headers as Record<string, string>).map((h) => h.toLowerCase()),
    ).toEqual(['content-type', 'accept']);
  });

  it('refuses when the provider does not take it or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 404 })));
    await expect(cacheCvv(card, '123')).rejects.toBeInstanceOf(SecurityCodeRefused);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(cacheCvv(card, '123')).rejects.toBeInstanceOf(SecurityCodeRefused);
  });
});
