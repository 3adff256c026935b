import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { browserOrigin, portalOrigins, portalPageUrl } from '../portal-url';

const request = (origin: string | undefined, host = 'localhost:3000', protocol = 'http') => ({
  headers: origin === undefined ? {} : { origin },
  host,
  protocol,
});

describe("the portal's addresses", () => {
  it('in development: PUBLIC_URL or localhost, 127.0.0.1 and <issuer>.localhost on PORT', () => {
    const env = loadEnv({ PORT: '3000' });
    const origins = portalOrigins(env);
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://natwest.localhost:3000',
      'http://ubni.localhost:3000',
    ]) {
      expect(origins.has(origin)).toBe(true);
    }
    expect(origins.has('http://natwest.localhost:3001')).toBe(false);
  });

  it('in production: PUBLIC_URL and ISSUER_URLS only', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      OPS_API_KEY: 'a-long-operator-key',
      MAIL_CAPTURE: '1',
      PUBLIC_URL: 'https://lounges.example/',
      ISSUER_URLS: 'natwest=https://natwest.lounges.example, ubni=https://ulster.lounges.example/x',
    });
    expect([...portalOrigins(env)].sort()).toEqual([
      'https://lounges.example',
      'https://natwest.lounges.example',
      'https://ulster.lounges.example',
    ]);
    expect(browserOrigin(env, request('http://localhost:3000'))).toBe('https://lounges.example');
    expect(browserOrigin(env, request('https://natwest.lounges.example'))).toBe(
      'https://natwest.lounges.example',
    );
  });

  it('refuses an ISSUER_URLS entry that is not issuer=http(s) URL, or names an issuer twice', () => {
    for (const value of [
      'natwest',
      'nobank=https://x.example',
      'natwest=ftp://x.example',
      'natwest=https://a.example,natwest=https://b.example',
    ]) {
      expect(() => loadEnv({ ISSUER_URLS: value }), value).toThrow(/ISSUER_URLS/);
    }
  });
});

describe('the address a browser pays from', () => {
  const env = loadEnv({ PORT: '3000', PUBLIC_URL: 'http://127.0.0.1:3000' });

  it('is its Origin, else its scheme and Host, when the portal answers there', () => {
    expect(browserOrigin(env, request('http://natwest.localhost:3000'))).toBe(
      'http://natwest.localhost:3000',
    );
    expect(browserOrigin(env, request(undefined, 'localhost:3000'))).toBe('http://localhost:3000');
  });

  it('is the default for an address the portal is not configured on', () => {
    for (const forged of ['https://evil.example', 'http://natwest.localhost.evil.example:3000']) {
      expect(browserOrigin(env, request(forged, 'evil.example'))).toBe('http://127.0.0.1:3000');
    }
    expect(browserOrigin(env, request('not a url', '[bad'))).toBe('http://127.0.0.1:3000');
  });

  it('builds a page address there, with its query', () => {
    expect(
      portalPageUrl(env, '/membership/buy', { orderId: 'o 1' }, 'http://natwest.localhost:3000'),
    ).toBe('http://natwest.localhost:3000/membership/buy?orderId=o+1');
    expect(portalPageUrl(env, '/account/cards')).toBe('http://127.0.0.1:3000/account/cards');
  });
});
