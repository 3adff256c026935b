import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * jsdom cannot tell :focus-visible, so the focus rules are read from the stylesheet itself: the
 * page heading focused by script on navigation draws no box (issue 60), and what Tab reaches
 * still shows its focus (WCAG 2.4.7).
 */
const css = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'base.css'), 'utf8');

/** The declarations of the rule with exactly these selectors, or undefined. */
function ruleOf(selector: string): string | undefined {
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const list = selectors
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((s) => s.trim());
    if (list.includes(selector)) return body;
  }
  return undefined;
}

describe('focus styles', () => {
  it('draws no focus box on the page heading focused by script', () => {
    expect(ruleOf("h1[tabindex='-1']:focus")).toMatch(/outline:\s*none/);
  });

  it('keeps a visible outline for keyboard focus of everything else', () => {
    expect(ruleOf(':focus-visible')).toMatch(/outline:\s*3px solid var\(--color-focus\)/);
  });
});
