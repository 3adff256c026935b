import fs from 'node:fs';
import path from 'node:path';
import { ISSUERS } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/*
 * Every issuer theme's colours meet WCAG AA (issue 8): body text and links on the page and
 * surface colours, button text on the primary colour (normal and hover), header text and the
 * accent on the header. Read from the CSS itself, so a theme edit is checked as it is made.
 */
const stylesDir = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(stylesDir, file), 'utf8');

/** The custom properties of each `[data-issuer='x']` block (and :root as default). */
function themes(css: string): Map<string, Record<string, string>> {
  const result = new Map<string, Record<string, string>>();
  for (const block of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const [, selectors = '', body = ''] = block;
    const vars = Object.fromEntries(
      [...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name = '', value = '']) => [
        name,
        value.trim(),
      ]),
    );
    for (const selector of selectors.split(',')) {
      const issuer = /data-issuer='([\w-]+)'/.exec(selector)?.[1];
      if (issuer) result.set(issuer, { ...result.get(issuer), ...vars });
    }
  }
  return result;
}

const rootVars = (css: string) =>
  Object.fromEntries(
    [...(/:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(
      ([, name = '', value = '']) => [name, value.trim()],
    ),
  );

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channels = [0, 2, 4].map((i) => parseInt(match[1]!.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const base = rootVars(read('base.css'));
const issuerThemes = themes(read('themes.css'));

describe('theme contrast', () => {
  it('knows the sums: white on black is 21, white on white 1', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });

  it('has a theme for every issuer', () => {
    for (const issuer of ISSUERS) {
      expect([...issuerThemes.keys()]).toContain(issuer);
    }
  });

  it.each([...issuerThemes.entries()])('meets WCAG AA in the %s theme', (_issuer, vars) => {
    const v = (name: string) => vars[name] ?? base[name] ?? '';
    const pairs: [string, string, string, number][] = [
      ['text on page', v('--color-text'), v('--color-bg'), 4.5],
      ['muted text on page', v('--color-text-muted'), v('--color-bg'), 4.5],
      ['muted text on surface', v('--color-text-muted'), v('--color-surface'), 4.5],
      ['link on page', v('--color-link'), v('--color-bg'), 4.5],
      ['link on surface', v('--color-link'), v('--color-surface'), 4.5],
      ['primary text on page (tabs, outline buttons)', v('--color-primary'), v('--color-bg'), 4.5],
      ['button text on primary', v('--color-primary-contrast'), v('--color-primary'), 4.5],
      [
        'button text on primary hover',
        v('--color-primary-contrast'),
        v('--color-primary-hover'),
        4.5,
      ],
      ['header text on header', v('--color-header-text'), v('--color-header-bg'), 4.5],
      [
        'header background on header text (inverted buttons)',
        v('--color-header-bg'),
        v('--color-header-text'),
        4.5,
      ],
      [
        'inverse button text on its hover and pressed colour',
        v('--color-header-bg'),
        v('--color-surface'),
        4.5,
      ],
      [
        'secondary button text on its hover colour',
        v('--color-primary'),
        v('--color-surface'),
        4.5,
      ],
      ['accent on header (non-text)', v('--color-accent'), v('--color-header-bg'), 3],
      ['primary against page (focus outlines, borders)', v('--color-primary'), v('--color-bg'), 3],
    ];
    const failing = pairs
      .map(([what, fg, bg, min]) => ({ what, ratio: contrast(fg, bg), min }))
      .filter(({ ratio, min }) => ratio < min)
      .map(({ what, ratio, min }) => `${what}: ${ratio.toFixed(2)} < ${min}`);
    expect(failing).toEqual([]);
  });
});
