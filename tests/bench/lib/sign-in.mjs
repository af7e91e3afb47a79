// Signs a demo user in the way the app keeps a session (used by the benches and by the e2e fixtures'
// signInFast): a password grant, then the tokens in the IndexedDB store the app reads at boot
// ('socialpay-session'). Runs inside `page` (same origin as the app). With `coldStart`, the page also
// drops every service worker, cache and other database of the origin first, so the next load starts
// as a first visit with only the session kept. With `withUser`, the user's record is stored beside the
// tokens, as the app's own sign-in does (the benches; the e2e fixtures leave it to the app's boot).
export async function signInInPage(page, { email, password = 'demo-pass-2026', coldStart = false, withUser = false }) {
  await page.evaluate(
    async ({ email, password, coldStart, withUser }) => {
      const res = await fetch('/oauth/v2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: email, password, scope: 'ios' }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
      const t = await res.json();
      const tokens = { access_token: t.access_token, refresh_token: t.refresh_token, expires_at: Date.now() + t.expires_in * 1000 };
      const user = withUser ? await (await fetch('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${t.access_token}` } })).json() : null;
      if (coldStart) {
        for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
        for (const key of await caches.keys()) await caches.delete(key);
        for (const db of await indexedDB.databases()) {
          if (db.name && db.name !== 'socialpay-session') {
            await new Promise((r) => {
              const d = indexedDB.deleteDatabase(db.name);
              d.onsuccess = d.onerror = d.onblocked = () => r(undefined);
            });
          }
        }
      }
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('socialpay-session');
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(tokens, 'tokens');
          if (user) tx.objectStore('session').put(user, 'user');
          tx.oncomplete = () => (open.result.close(), resolve(undefined));
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    { email, password, coldStart, withUser },
  );
}
