// The floor's worker: precaches the page, its assets and the static reference page at install and
// answers from that cache first (the least a worker can do for an offline start).
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const html = await (await fetch('/')).text();
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      await (await caches.open('floor')).addAll(['/', '/static.html', ...assets]);
      await self.skipWaiting();
    })(),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const navigate = event.request.mode === 'navigate';
  event.respondWith(caches.match(event.request, { ignoreSearch: navigate }).then((hit) => hit ?? fetch(event.request)));
});
