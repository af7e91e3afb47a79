// Notifications (issue 26), in Chromium: turning them on from Settings (the browser's permission
// granted to the context, the subscription saved on the server), a push delivered to the service
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage) shows a notification whose
// tap opens the card's screen in the message's language, and the inbox lists the same event, offline
// too, in English and Dutch. demo13's second card expires within a week (the seed), so the server's
// expiry job put its 7-day reminder in the inbox at start. Each run starts from the same state on the
// same server (CI retries a failed journey once): the switches off, and a message of its own to read
// offline (a new member signs up with demo13's invite code): a message read stays read on that server.
//
// One stand-in: Chromium's PushManager.subscribe needs Google's push service, which this sandbox
// cannot reach (it never answers), so the page's PushManager hands out a subscription with a real
// P-256 key and auth secret and records what the app asked for. Everything else is the browser's own.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import type { InboxPage, NotificationSettings } from '../../server/contract/types';
import { signInFast, test, waitForWorker, expect, expectNoA11yViolations } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { apiAs } from './support/impact-api';
import { createAccount, DEMO_PASSWORD, uniqueEmail, userEmail } from './support/users';
import { apiFromPage } from './support/wallet-api';

const EMAIL = userEmail('notifications');

/** The worker's global scope, as far as these checks use it (the spec is typed with the DOM library). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;

/** A call of the user API as demo13, from the page (same origin). */
const api = <T>(page: Page, path: string, lang: 'en' | 'nl' = 'en') => apiFromPage<T>(page, EMAIL, path, { lang });

async function worker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** The worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const r = e.registrations.find((x) => !x.isDeleted);
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the worker shows now. */
function shown(sw: Worker) {
  return sw.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n: Notification) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url: string } })),
  );
}

/**
 * Sends a push (`send`) and waits until the worker shows exactly `title`. Chromium names a tagged
 * notification by origin and tag, so a tapped one's close still on its way to the display can take away a
 * newer one with the same tag shown meanwhile (the worker's showNotification resolved, then the list was
 * empty: seen on a loaded machine after a 500 ms pause, and once on a first push). A person cannot tap and
 * receive that fast; the push is sent again, at most three times in all: a worker that shows nothing fails.
 */
async function pushUntilShown(sw: Worker, send: () => Promise<unknown>, title: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await send();
    try {
      await expect.poll(async () => (await shown(sw)).map((n) => n.title), { timeout: 5_000 }).toEqual([title]);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** A tap on the shown notification: the worker's own notificationclick handler runs with it. */
function tapNotification(sw: Worker) {
  return sw.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [n] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
  });
}

test('notifications: turned on in Settings, a push shown and tapped to the card, the inbox offline in English and Dutch', { tag: '@worker' }, async ({ page, context, baseURL, request }) => {
  test.setTimeout(120_000);
  const asDemo13 = await apiAs(request, EMAIL);
  expect(await asDemo13.put('/application-users/me/notification-settings', { expiry: false, reward: false, claim: false, invite: false })).toBe(200);
  const { ambassador_code } = await asDemo13.get<{ ambassador_code: string }>('/application-users/me');
  await createAccount(request, uniqueEmail('invited-by-demo13'), DEMO_PASSWORD, 'Invitee', ambassador_code);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await context.addInitScript(
    (keys) => {
      const w = window as unknown as { __pushSub: PushSubscription | null; __subscribeOptions: unknown };
      w.__pushSub = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        w.__subscribeOptions = { userVisibleOnly: options?.userVisibleOnly, key: btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') };
        const endpoint = `https://push.example.net/e2e/${Math.random().toString(36).slice(2)}`;
        w.__pushSub = { endpoint, toJSON: () => ({ endpoint, keys }), unsubscribe: async () => ((w.__pushSub = null), true) } as unknown as PushSubscription;
        return w.__pushSub;
      };
      PushManager.prototype.getSubscription = async () => w.__pushSub;
    },
    { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  );
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);

  // Nothing is on, and nothing asked for permission on its own.
  expect(await api<NotificationSettings>(page, '/application-users/me/notification-settings')).toMatchObject({ expiry: false, reward: false, subscribed: false });
  await page.goto('/#/settings');
  const section = page.getByTestId('notifications-settings');
  await expect(section.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expectNoA11yViolations(page, 'settings, notifications off');
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  for (const name of ['Gift card expiry reminders', 'Reward confirmed, paid or canceled', 'Missing-reward claim answered', 'A friend signed up with your invite']) {
    await expect(section.getByRole('switch', { name })).toBeChecked();
  }
  await expect(page.locator('[aria-live]').filter({ hasText: 'Notifications are on for this device.' }).first()).toBeAttached();
  const on = await api<NotificationSettings>(page, '/application-users/me/notification-settings');
  expect(on).toMatchObject({ expiry: true, reward: true, claim: true, invite: true, lang: 'en', time_zone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) });
  // Subscribed with the server's VAPID key, for messages the user sees.
  const serverKey = (await api<{ public_key: string }>(page, '/notifications/push-key')).public_key;
  expect(await page.evaluate(() => (window as unknown as { __subscribeOptions: unknown }).__subscribeOptions)).toEqual({ userVisibleOnly: true, key: serverKey });
  // A switch turned off is saved and announced.
  await section.getByRole('switch', { name: 'A friend signed up with your invite' }).click();
  await expect(page.locator('[aria-live]').filter({ hasText: 'A friend signed up with your invite: off' }).first()).toBeAttached();
  await expect.poll(async () => (await api<NotificationSettings>(page, '/application-users/me/notification-settings')).invite).toBe(false);
  await expectNoA11yViolations(page, 'settings, notifications on');

  // The expiry reminder the server recorded, as the inbox API tells it in each language.
  const en = await api<InboxPage>(page, '/application-users/me/notifications', 'en');
  const nl = await api<InboxPage>(page, '/application-users/me/notifications', 'nl');
  const reminder = en.results.find((n) => n.kind === 'expiry')!;
  expect(reminder.title).toMatch(/^Your .+ gift card expires soon$/);
  const reminderNl = nl.results.find((n) => n.id === reminder.id)!;
  expect(reminderNl.title).toMatch(/^Je .+-cadeaukaart verloopt bijna$/);
  const cardId = Number(/^\/wallet\/(\d+)$/.exec(reminder.path)![1]);
  // This run's own message (the newest: first), unread: the one opened offline below.
  const invite = en.results[0]!;
  expect(invite).toMatchObject({ kind: 'invite', title: 'Someone joined', path: '/ambassador', read: false });
  expect(nl.results[0]).toMatchObject({ id: invite.id, title: 'Iemand heeft zich aangemeld' });

  // A push as the server sends it (server/services/push-sender.ts), delivered to the worker.
  const sw = await worker(context);
  const cdp = await context.newCDPSession(page);
  const regId = await registrationId(cdp);
  const origin = new URL(baseURL!).origin;
  const deliver = async (lang: 'en' | 'nl', n: { title: string; body: string }) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: regId,
      data: JSON.stringify({ title: n.title, body: n.body, url: `${lang === 'nl' ? '/nl' : ''}/wallet/${cardId}`, tag: `card-${cardId}`, lang, id: reminder.id }),
    });
  await page.goto('/#/menu');
  await pushUntilShown(sw, () => deliver('en', reminder), reminder.title);
  expect(await shown(sw)).toEqual([{ title: reminder.title, body: reminder.body, tag: `card-${cardId}`, data: { url: `/wallet/${cardId}`, id: reminder.id } }]);
  await tapNotification(sw);
  await page.waitForURL(new RegExp(`#/wallet/${cardId}$`));
  await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toBeVisible();
  expect(await shown(sw)).toEqual([]);

  // The same message in Dutch: a newer one with the same tag replaces it; the tap opens the Dutch card screen.
  // (Each push is shown before the next is sent: two push events handled at once may show in either order.)
  await pushUntilShown(sw, () => deliver('en', reminder), reminder.title);
  await pushUntilShown(sw, () => deliver('nl', reminderNl), reminderNl.title);
  await tapNotification(sw);
  await page.waitForURL(new RegExp(`#/nl/wallet/${cardId}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  // The inbox, from the menu with its unread count, in both languages (each saved for offline).
  await page.goto('/#/menu');
  const inboxLink = page.getByRole('link', { name: new RegExp(`^Inbox\\s*${en.metadata.unread} unread`) });
  await expect(inboxLink).toBeVisible();
  await inboxLink.click();
  await page.waitForURL(/#\/inbox$/);
  const items = page.getByTestId('inbox-item');
  await expect(items.filter({ hasText: reminder.title })).toBeVisible();
  await expect(page.getByTestId('inbox-unread')).toHaveText(`${en.metadata.unread} unread message${en.metadata.unread === 1 ? '' : 's'}`);
  await expectNoA11yViolations(page, 'inbox');
  await page.goto('/#/nl/inbox');
  await expect(items.filter({ hasText: reminderNl.title })).toBeVisible();

  // Offline: a cold start shows the saved inbox in both languages; opening this run's message marks it
  // read there and then, and the outbox tells the server once back online.
  await page.waitForTimeout(1500); // the saved query cache is written on a short throttle
  await goOffline(context);
  await page.goto('/#/inbox');
  await page.reload();
  await expect(items.filter({ hasText: reminder.title })).toBeVisible({ timeout: 20_000 });
  await page.goto('/#/nl/inbox');
  await expect(items.filter({ hasText: reminderNl.title })).toBeVisible();
  await expect(page.getByTestId('inbox-unread')).toHaveText(`${en.metadata.unread} ongelezen bericht${en.metadata.unread === 1 ? '' : 'en'}`);
  await expect(items.first()).toContainText('Iemand heeft zich aangemeld');
  await items.first().getByRole('button').click();
  await page.waitForURL(/#\/nl\/ambassador$/);
  await page.goto('/#/nl/inbox');
  await expect(page.getByTestId('inbox-unread')).toHaveText(`${en.metadata.unread - 1} ongelezen bericht${en.metadata.unread - 1 === 1 ? '' : 'en'}`);
  await goOnline(context);
  await expect.poll(async () => (await api<InboxPage>(page, '/application-users/me/notifications')).results.find((n: InboxPage['results'][number]) => n.id === invite.id)?.read, { timeout: 20_000 }).toBe(true);
});

test('settings that cannot be loaded say so and offer Retry, instead of an empty Notifications section', async ({ page }) => {
  await signInFast(page, EMAIL);
  let fail = true;
  await page.route('**/application-users/me/notification-settings', (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_server_error","error_description":"x"}' }) : route.fallback(),
  );
  await page.goto('/#/settings');
  const section = page.getByRole('dialog').getByTestId('notifications-settings');
  await expect(section.getByRole('alert')).toHaveText(/Your notification settings could not be loaded\./, { timeout: 20_000 });
  fail = false;
  await section.getByRole('button', { name: 'Retry' }).click();
  await expect(section.getByRole('button', { name: 'Turn on notifications' }).or(section.getByRole('switch').first())).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
});

test('the inbox pages by 20; Mark all as read clears the count, also of messages not loaded, and needs the network', async ({ page, context, request }) => {
  const email = uniqueEmail('inbox-all');
  const token = await createAccount(request, email, DEMO_PASSWORD, 'Amba');
  const me = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  // 21 friends join with the invite: 21 unread messages, one more than a page.
  for (let i = 0; i < 21; i++) await createAccount(request, uniqueEmail('inbox-friend'), DEMO_PASSWORD, 'Friend', me.ambassador_code);
  await signInFast(page, email, DEMO_PASSWORD);
  await page.goto('/#/inbox');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('inbox-unread')).toHaveText('21 unread messages', { timeout: 20_000 });
  const items = dialog.getByTestId('inbox-item');
  await expect(items).toHaveCount(20);
  await expect(dialog.getByText('20 of 21 messages')).toBeVisible();
  const all = dialog.getByRole('button', { name: 'Mark all as read' });
  const more = dialog.getByRole('button', { name: 'Load more' });

  await context.setOffline(true);
  await expect(all).toBeDisabled();
  await expect(all).toHaveAccessibleDescription('You are offline. This needs an internet connection.');
  await expect(more).toBeDisabled();
  await expect(more).toHaveAccessibleDescription('You are offline. This needs an internet connection.');
  await context.setOffline(false);

  await all.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('inbox-unread')).toHaveText('0 unread messages');
  await expect(dialog.getByTestId('inbox-unread')).toBeFocused();
  await expect(all).toHaveCount(0);
  await expect(dialog.locator('.inbox-item.is-unread')).toHaveCount(0);
  const inbox = await (await request.get('/api/v1.0/application-users/me/notifications', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(inbox.metadata.unread).toBe(0);

  // The last page, by keyboard: the oldest message (read too), focus on it, the button gone with the last page.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(21);
  await expect(dialog.getByText('21 of 21 messages')).toHaveCount(0);
  await expect(more).toHaveCount(0);
  await expect(dialog.locator('.inbox-open').nth(20)).toBeFocused();
  await expect(dialog.locator('.inbox-item.is-unread')).toHaveCount(0);
  // The menu's count is gone too.
  await page.goto('/#/menu');
  await expect(dialog.getByRole('link', { name: /^Inbox/ })).not.toContainText(/unread/);
  await expectNoA11yViolations(page, 'menu after the inbox was read');
});
