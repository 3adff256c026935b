import type { Page } from 'playwright-core';

/** What watchOpenDialogs saw: each modal dialog's title as it opened, and the most open at once. */
export interface OpenedDialogs {
  titles: string[];
  mostAtOnce: number;
}

declare global {
  interface Window {
    __openedDialogs?: OpenedDialogs;
  }
}

/**
 * Watches the page's modal dialogs (`dialog[open]`) from now on, across its own navigations (a
 * page load ends the watch: openedDialogs then answers undefined).
 */
export async function watchOpenDialogs(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<Element>();
    const watched: OpenedDialogs = { titles: [], mostAtOnce: 0 };
    window.__openedDialogs = watched;
    const look = () => {
      const open = Array.from(document.querySelectorAll('dialog[open]'));
      watched.mostAtOnce = Math.max(watched.mostAtOnce, open.length);
      for (const dialog of open.filter((d) => !seen.has(d))) {
        seen.add(dialog);
        const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
        watched.titles.push(title?.textContent?.trim() ?? '');
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    look();
  });
}

export const openedDialogs = (page: Page): Promise<OpenedDialogs | undefined> =>
  page.evaluate(() => window.__openedDialogs);
