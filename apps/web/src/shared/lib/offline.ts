/**
 * The service worker (public/sw.js) keeps what the digital card needs to show offline. The card
 * page registers it and asks it to keep every file the page has loaded (those fetched before it
 * controlled the page included) and the page itself. Built apps only: development serves modules
 * that change on every edit.
 */
export async function keepForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const worker = (await navigator.serviceWorker.ready).active;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((href) => new URL(href).origin === location.origin);
  worker?.postMessage({ type: 'keep', urls: [...new Set(loaded)], shell: location.pathname });
}
