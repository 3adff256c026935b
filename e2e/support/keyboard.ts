import type { Page } from 'playwright-core';

/** The focused element's name, type (for radios) or text: what a keyboard user is on. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el) return '';
    if (el.type === 'radio') return 'radio';
    return el.getAttribute('name') || (el.textContent ?? '').trim();
  });

/**
 * Presses Tab (or Shift+Tab) until the focus is on `target` (a name, or a pattern of names), as a
 * keyboard user would.
 */
export async function tabTo(page: Page, target: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const reached = (name: string) =>
    typeof target === 'string' ? name === target : target.test(name);
  for (let i = 0; i < 80; i++) {
    if (reached(await focusedName(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target} (last: ${await focusedName(page)})`);
}
