/*
 * The portal's service worker: what the digital membership card needs to show with no network.
 * - Pages (navigations): the network first; offline, the app shell last seen.
 * - Built assets (/assets/*, named by their content hash): from the cache once fetched.
 * - Other files of this origin (icons, card art): the cached copy at once, refreshed behind.
 * - The API (POST /client-api/…) is never cached: the card page keeps the card itself.
 * The card page asks for what it has already loaded to be kept ({ type: 'keep', urls, shell }),
 * for the files fetched before this worker controlled it, and for itself as the app shell.
 */
const CACHE = 'portal-v1';
const SHELL = '/__app-shell';
const NEVER = ['/client-api/', '/ops-api/', '/__dev/', '/psp-webhooks/', '/api-docs'];

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

const ours = (url) =>
  url.origin === self.location.origin && !NEVER.some((p) => url.pathname.startsWith(p));

async function keep(urls, shell) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (!ours(url) || (await cache.match(url.href))) return;
      try {
        const response = await fetch(url.href, { credentials: 'same-origin' });
        if (response.ok) await cache.put(url.href, response);
      } catch {
        // Offline now: it is kept next time.
      }
    }),
  );
  // The page itself last: once the shell is kept, so is everything it needs.
  if (typeof shell === 'string' && shell.startsWith('/')) {
    try {
      const response = await fetch(shell, { credentials: 'same-origin' });
      if (response.ok) await cache.put(SHELL, response);
    } catch {
      // Offline now: the shell kept before (if any) stays.
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'keep' && Array.isArray(data.urls)) {
    event.waitUntil(keep(data.urls, data.shell));
  }
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function hashedAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  const fresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!ours(url)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
  else event.respondWith(staleWhileRevalidate(event));
});
