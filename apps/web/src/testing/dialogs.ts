import { screen, waitFor } from '@testing-library/react';
import { expect, onTestFinished } from 'vitest';

/**
 * Waits until no dialog is shown and the page behind it is back in the accessibility tree.
 * Under jsdom the modal hides the rest of the page with aria-hidden and gives it back in the
 * commit that removes the dialog (a layout effect's cleanup); the second check holds it to that,
 * as a role query on the page right after the dialog is gone would miss a page left hidden.
 */
export async function dialogsClosed() {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('body > [aria-hidden="true"]')).toBeNull();
  });
}

/**
 * Watches the modal dialogs (`dialog[open]`) from now to the end of the test: the title of each
 * as it opens, in order, and the most open at once (issue 60: one dialog at a time).
 */
export function watchOpenDialogs(): { titles: string[]; mostAtOnce: number } {
  const seen = new Set<Element>();
  const watched = { titles: [] as string[], mostAtOnce: 0 };
  const look = () => {
    const open = [...document.querySelectorAll('dialog[open]')];
    watched.mostAtOnce = Math.max(watched.mostAtOnce, open.length);
    for (const dialog of open.filter((d) => !seen.has(d))) {
      seen.add(dialog);
      const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      watched.titles.push(title?.textContent ?? '');
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open'],
  });
  look();
  onTestFinished(() => observer.disconnect());
  return watched;
}
