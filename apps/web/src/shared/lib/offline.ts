import { paths } from '@/shared/config/paths';

/** Pages that show what the device keeps (the digital card): no offline or network-fault dialog. */
const OFFLINE_PAGES: ReadonlySet<string> = new Set([paths.membership.card.getHref()]);

export const worksOffline = (pathname: string): boolean => OFFLINE_PAGES.has(pathname);

/**
 * The service worker (public/sw.js) keeps what the digital card needs to show offline. Built
 * apps only: development serves modules that change on every edit.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/**
 * Asks the service worker to keep every file this page has loaded (those fetched before it
 * controlled the page included), and the page's own address.
 */
export async function keepForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const worker = (await navigator.serviceWorker.ready).active;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((href) => new URL(href).origin === location.origin);
  worker?.postMessage({ type: 'keep', urls: [...new Set([location.pathname, ...loaded])] });
}
