/** The id every page gives its h1. */
export const PAGE_TITLE_ID = 'page-title';

/**
 * Focus on the page's h1 inside `root`, made focusable (tabindex -1) for as long as it holds
 * focus, without scrolling. False when the page has no heading yet (its code is still loading).
 */
export function focusPageTitle(root: ParentNode = document): boolean {
  const title =
    root.querySelector<HTMLElement>(`#${PAGE_TITLE_ID}`) ?? root.querySelector<HTMLElement>('h1');
  if (!title) return false;
  if (!title.hasAttribute('tabindex')) {
    title.setAttribute('tabindex', '-1');
    title.addEventListener('blur', () => title.removeAttribute('tabindex'), { once: true });
  }
  title.focus({ preventScroll: true });
  return true;
}
