/// <reference lib="WebWorker" />
/**
 * The service worker (vite-plugin-pwa injectManifest; design in src/offline/README.md).
 *
 * - Precache: the app shell, every JS chunk (route screens and both languages' locale bundles,
 *   which Vite emits as JS chunks from locales/*.json), CSS, icons and the manifest.
 * - Navigations (except /api, /oauth, /sandbox and /media): a screen's real path is redirected to its
 *   hash route, the app's own paths get the precached index.html, others the server's 404 page.
 * - /media images: CacheFirst with expiry.
 * - API GETs the app needs offline: network-first with a ~3 s timeout and an IndexedDB copy per
 *   user (api-cache.ts). The page tells the worker who is signed in (SET_USER) and asks it to
 *   forget a user's copies on logout and account deletion (PURGE_USER).
 * - Updates: a new worker installs and WAITS; the page shows "Update available" and, once the
 *   user accepts and the outbox is drained, posts SKIP_WAITING. clientsClaim() makes the new
 *   worker take the open page, whose controllerchange triggers the reload.
 * - Background Sync 'outbox': wakes the open pages to drain the outbox (DRAIN_OUTBOX). The
 *   worker never sends the queued requests itself: see src/offline/outbox.ts for why.
 * - Web Push: a message (server/services/push-sender.ts, PushPayload) is shown as a notification,
 *   tagged per subject so a newer one replaces the older; a tap opens its screen in the user's
 *   language, in an open window of the app if there is one, else a new one.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { appPathRedirect, NOT_FOUND_PAGES, parseAppPath, servesApp } from '../server/contract/app-paths';
import { clientsClaim } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { cachedApiPath, networkFirst, purgeUser, setCurrentUser } from './api-cache';
import { usersWithPendingChanges } from '../src/offline/outbox-queue';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
clientsClaim();

// ---------- navigations ----------
// As the server does (server/contract/app-paths.ts): a screen's real path goes to its hash route, the
// app's boot paths get the precached app, and a path no screen has asks the server (its 404 page in the
// visitor's language), or offline shows the precached one in the path's (else the browser's) language.
const appShell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const url = new URL(options.request.url);
      const to = appPathRedirect(url.pathname, url.search);
      if (to) return Response.redirect(new URL(to, url.origin).href, 302);
      if (servesApp(url.pathname)) return appShell(options);
      try {
        return await fetch(options.request);
      } catch {
        const lang = parseAppPath(url.pathname).lang ?? (/^nl\b/i.test(self.navigator.language) ? 'nl' : 'en');
        return (await matchPrecache(NOT_FOUND_PAGES[lang])) ?? Response.error();
      }
    },
    { denylist: [/^\/(api|oauth|sandbox|media)(\/|$)/] },
  ),
);

// ---------- media ----------
const MEDIA_CACHE = 'socialpay-media';
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.method === 'GET',
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.ok ? response : null) },
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// ---------- API reads ----------
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && cachedApiPath(url, request.method) !== null,
  async ({ request, url, event }) => {
    const apiPath = cachedApiPath(url, request.method) as string;
    const clientId = (event as FetchEvent).clientId;
    return networkFirst(request, apiPath, {
      onFallback: (info) => void tellClient(clientId, { type: 'SERVED_FROM_CACHE', ...info }),
      onFresh: (info) => void tellClient(clientId, { type: 'FRESH_AVAILABLE', ...info }),
    });
  },
);

async function tellClient(clientId: string | undefined, message: unknown): Promise<void> {
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage(message);
}

// ---------- messages from the page ----------
type PageMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'SET_USER'; userId: number | null; token?: string | null }
  | { type: 'PURGE_USER'; userId: number };

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageMessage | undefined;
  if (!data || typeof data !== 'object') return;
  switch (data.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'SET_USER':
      event.waitUntil(
        setCurrentUser(typeof data.userId === 'number' ? data.userId : null, typeof data.token === 'string' ? data.token : null),
      );
      break;
    case 'PURGE_USER':
      if (typeof data.userId === 'number') event.waitUntil(Promise.all([purgeUser(data.userId), purgeUploads()]));
      break;
  }
});

/** Uploaded files (profile photos) are personal: forget them with the user. Brand art stays. */
async function purgeUploads(): Promise<void> {
  try {
    const cache = await caches.open(MEDIA_CACHE);
    const requests = await cache.keys();
    await Promise.all(
      requests.filter((r) => new URL(r.url).pathname.startsWith('/media/uploads/')).map((r) => cache.delete(r)),
    );
  } catch {
    /* no media cache yet */
  }
}

// ---------- Background Sync ----------
self.addEventListener('sync', (event: Event) => {
  const e = event as SyncEvent;
  if (e.tag !== 'outbox') return;
  e.waitUntil(wakePagesToDrain());
});

async function wakePagesToDrain(): Promise<void> {
  if ((await usersWithPendingChanges()).length === 0) return;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // No page open: the queue stays in IndexedDB and drains at the next app start.
  for (const page of pages) page.postMessage({ type: 'DRAIN_OUTBOX' });
}

// ---------- Web Push ----------
/** What the server sends (server/services/push-sender.ts PushPayload). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: 'en' | 'nl';
  id: number;
}

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const p = event.data?.json() as Partial<PushPayload> | undefined;
    if (!p || typeof p.title !== 'string' || typeof p.body !== 'string' || typeof p.url !== 'string') return null;
    return { title: p.title, body: p.body, url: p.url, tag: typeof p.tag === 'string' ? p.tag : p.url, lang: p.lang === 'nl' ? 'nl' : 'en', id: Number(p.id) || 0 };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const p = readPayload(event);
  if (!p) return;
  event.waitUntil(
    self.registration.showNotification(p.title, {
      body: p.body,
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      tag: p.tag,
      lang: p.lang,
      data: { url: p.url, id: p.id },
    }),
  );
});

/** The app's address of a real path (/nl/wallet/12 → /#/nl/wallet/12), as navigations get it above. */
function notificationTarget(url: unknown): string {
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
  const u = new URL(path, self.location.origin);
  return new URL(appPathRedirect(u.pathname, u.search) ?? '/', self.location.origin).href;
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(openScreen(target));
});

async function openScreen(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => undefined);
    try {
      await open.navigate(target);
      return;
    } catch {
      /* not ours to steer (uncontrolled): a new window instead */
    }
  }
  await self.clients.openWindow(target);
}
