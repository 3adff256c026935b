import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { renderArt } from '../art';
import { ART_KINDS, artUrl } from '../../../platform/art-url';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /assets-api/art/:kind/:seed.svg', () => {
  it('draws every kind as an SVG with a title, cached for a year', async () => {
    for (const kind of ART_KINDS) {
      const response = await get(artUrl(kind, 'LHR-LNG-1-1'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(response.body).toMatch(/<title id="t">Illustration of [^<]+<\/title>/);
      expect(response.body).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });

  it('draws the same picture for the same seed, and another for another seed', async () => {
    const first = await get('/assets-api/art/lounge/LHR-LNG-1-1.svg');
    const again = await get('/assets-api/art/lounge/LHR-LNG-1-1.svg');
    const other = await get('/assets-api/art/lounge/LHR-LNG-2-1.svg');
    expect(again.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
    expect(renderArt('lounge', 'LHR-LNG-1-1')).toBe(first.body);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/assets-api/art/spa/x.svg');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/assets-api/art/spa/x.svg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 to an unknown kind, a bad seed or another extension', async () => {
    for (const url of [
      '/assets-api/art/castle/x.svg',
      '/assets-api/art/lounge/x.png',
      '/assets-api/art/lounge/.svg',
      '/assets-api/art/lounge/a%20b.svg',
      `/assets-api/art/lounge/${'a'.repeat(65)}.svg`,
      '/assets-api/art/lounge/%3Cscript%3E.svg',
      '/assets-api/art/lounge',
      '/assets-api/nothing',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses to build a URL for a bad seed', () => {
    expect(() => artUrl('lounge', '../x')).toThrow();
  });
});
