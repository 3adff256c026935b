/**
 * Asks for a picture the page is about to show as soon as its address is known, at high
 * priority, rather than once the page's code has arrived and rendered its `<img>` (issue 23:
 * the home banner and a lounge's first photo are those pages' largest paint). The `<img>` then
 * finds it in the browser's cache. One request an address: the hint is removed once the picture
 * has loaded (or failed), and a second call while it is under way adds nothing.
 */
export function preloadImage(href: string | undefined, doc: Document = document): void {
  if (!href) return;
  const underWay = Array.from(
    doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
  ).some((link) => link.getAttribute('href') === href);
  if (underWay) return;
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  link.setAttribute('fetchpriority', 'high');
  const done = () => link.remove();
  link.addEventListener('load', done, { once: true });
  link.addEventListener('error', done, { once: true });
  doc.head.appendChild(link);
}
