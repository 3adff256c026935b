import { afterEach, describe, expect, it } from 'vitest';
import { preloadImage } from '../preload-image';

const hints = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'));

afterEach(() => {
  for (const link of hints()) link.remove();
});

describe('preloadImage', () => {
  it('asks for the picture at high priority, once while it is under way', () => {
    preloadImage('/assets-api/art/banner/natwest.svg');
    preloadImage('/assets-api/art/banner/natwest.svg');
    expect(hints().map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')])).toEqual([
      ['/assets-api/art/banner/natwest.svg', 'high'],
    ]);
  });

  it('takes its hint away once the picture has loaded or failed', () => {
    preloadImage('/a.svg');
    preloadImage('/b.svg');
    const [a, b] = hints();
    a!.dispatchEvent(new Event('load'));
    expect(hints().map((l) => l.getAttribute('href'))).toEqual(['/b.svg']);
    b!.dispatchEvent(new Event('error'));
    expect(hints()).toEqual([]);
    // Asked again later (the page shown again): a new hint, answered from the browser's cache.
    preloadImage('/a.svg');
    expect(hints()).toHaveLength(1);
  });

  it('does nothing without an address (a channel with no banner picture)', () => {
    preloadImage('');
    preloadImage(undefined);
    expect(hints()).toEqual([]);
  });
});
