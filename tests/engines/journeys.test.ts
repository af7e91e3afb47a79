// The core journeys in WebKit (Safari's engine) and Firefox, on the built app and the real server:
// the shop's rows and search, Dutch, sign-in, a wallet card whose code a scanner decodes (zxing-wasm
// reads a screenshot), the wallet starting with the server stopped after one visit, a favorite followed
// then that syncs once the server is back, the ambassador share where the engine has no Web Share
// (copy link) and the browser's Back closing its dialog, and throughout: no CSP violation, no uncaught error. One server, two page loads per engine.
// Run with `npm run test:engines` after `npm run build` (README: Testing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletItem } from '../../server/contract/types';
import { decodePng, ZXING_FORMAT } from '../e2e/support/decode-barcode';
import { DEMO_PASSWORD } from '../e2e/support/users';
import { LAUNCH, type Engine, type EngineName } from './support/engines';
import { startServer, type TestServer } from './support/server';

// The e2e port: the engines run after Playwright, whose server is gone by then.
const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Each engine has its own demo user on the one server. */
const USER: Record<EngineName, string> = { webkit: 'demo2@socialpay.test', firefox: 'demo3@socialpay.test' };
/** Not among the seeded favorites (1, 3, 6, 9, 14, 22): followed while the server is away. */
const FOLLOW_ID = 2;
const TARGET = '[data-engine-target]';

let server: TestServer;

beforeAll(async () => {
  server = await startServer(PORT);
}, 200_000);
afterAll(async () => {
  await server?.stop();
});

/** Polls `fn` in the page until it returns something truthy. */
async function waitFor<T>(e: Engine, what: string, fn: (...args: never[]) => T | Promise<T>, args: unknown[] = [], timeout = 20_000): Promise<T> {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const v = await e.evaluate(fn as never, ...args);
      if (v) return v as T;
      last = v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) {
      const seen = await e.evaluate(() => `${location.hash} | ${[...document.querySelectorAll('dialog[open]')].map((d) => (d as HTMLElement).innerText).join(' | ') || document.body.innerText}`).catch(String);
      throw new Error(`${e.name}: timed out waiting for ${what} (last: ${String(last)}); on screen: ${seen.replace(/\s+/g, ' ').slice(0, 600)}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Marks the first visible element matching `css` (inside `scope`) whose accessible text (aria-label,
 * else its text) matches `text`, so a real click or typing can reach it; for a <label> it marks the
 * field it labels. Waits for it to appear.
 */
async function find(e: Engine, scope: string, css: string, text: string): Promise<string> {
  await waitFor(e, `${css} "${text}" in ${scope}`, ((scope: string, css: string, text: string) => {
    document.querySelectorAll('[data-engine-target]').forEach((el) => el.removeAttribute('data-engine-target'));
    const re = new RegExp(text);
    // The top-most first: a modal opens after the screen under it, which it makes inert.
    for (const root of [...document.querySelectorAll(scope)].reverse()) {
      for (const el of root.querySelectorAll(css)) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (!re.test(name) || !(el as HTMLElement).checkVisibility()) continue;
        const target = el instanceof HTMLLabelElement ? el.control : el;
        if (!target) continue;
        target.setAttribute('data-engine-target', '');
        return true;
      }
    }
    return false;
  }) as never, [scope, css, text]);
  return TARGET;
}

const exact = (s: string) => `^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

async function hash(e: Engine, h: string): Promise<void> {
  await e.evaluate((h: string) => {
    location.hash = h;
  }, h);
}

/** The user's data as the server holds it (the node side, not through the engine). */
async function api<T>(email: string, path: string): Promise<T> {
  const tok = await fetch(`${server.baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: DEMO_PASSWORD, scope: 'ios' }),
  });
  const { access_token } = (await tok.json()) as { access_token: string };
  const res = await fetch(`${server.baseUrl}/api/v1.0${path}`, { headers: { Authorization: `Bearer ${access_token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}
const favoriteIds = async (email: string) =>
  (await api<{ results: { id: number }[] }>(email, '/corporate-partners/favorites?limit=200&offset=0')).results.map((b) => b.id);

/** The wallet's card buttons as shown: "Brand €25.00 …". */
function walletCards(e: Engine): Promise<string[]> {
  return waitFor(e, 'the wallet cards', () => {
    const cards = [...document.querySelectorAll('dialog[open] .sp-wallet__card')].map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    return cards.length ? cards : null;
  }) as Promise<string[]>;
}

/** Opens the first wallet card and decodes a screenshot of its code. */
async function firstCardCode(e: Engine): Promise<{ id: number; codes: { format: string; text: string }[] }> {
  await e.click('dialog[open] .sp-wallet__card');
  const id = await waitFor(e, 'a card screen', () => Number(/#\/wallet\/(\d+)/.exec(location.hash)?.[1] ?? 0));
  await waitFor(e, 'the card code drawn', () => {
    const img = document.querySelector<HTMLImageElement>('dialog[open] .sp-barcode__img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  return { id, codes: await decodePng(await e.screenshot('dialog[open] .sp-barcode__img')) };
}

const problems = (e: Engine) => e.evaluate(() => JSON.parse(sessionStorage.getItem('engine-problems') ?? '[]') as string[]);

/** ENGINES=firefox (or webkit) runs one of them. */
const ENGINES = (['webkit', 'firefox'] as const).filter((n) => !process.env.ENGINES || process.env.ENGINES.split(',').includes(n));

describe.each(ENGINES)('%s', (name) => {
  let e: Engine;
  const email = USER[name];

  beforeAll(async () => {
    e = await LAUNCH[name]();
    console.log(`[engines] ${e.version}`);
  }, 60_000);
  afterAll(async () => {
    await e?.close();
  });

  it('shop rows and search, in English and Dutch', async () => {
    await e.open(`${server.baseUrl}/#/`);
    await waitFor(e, 'the shop heading', () => document.querySelector('#main h1')?.textContent === 'Shop');
    const brand = await waitFor(e, 'a row of tiles', () => {
      const names = [...document.querySelectorAll('#main .sp-row .sp-tile__name')].map((n) => n.textContent?.trim());
      return names.length >= 4 ? names[3] : null;
    });
    await e.type('#shop-search-input', brand!);
    await waitFor(e, `search results for ${brand}`, (b: string) => {
      const results = document.querySelector('#main .sp-results');
      return !!results?.checkVisibility() && [...results.querySelectorAll('.sp-tile__name')].some((n) => n.textContent?.trim() === b);
    }, [brand]);

    await hash(e, '/nl/');
    await waitFor(e, 'the shop in Dutch', () => document.documentElement.lang === 'nl' && document.querySelector('#main h1')?.textContent === 'Winkelen');
    await waitFor(e, 'the Dutch search label', () => document.querySelector('label[for="shop-search-input"]')?.textContent === 'Merken zoeken');
  });

  it('sign-in', async () => {
    await hash(e, '/sign-in');
    await e.type(await find(e, 'dialog[open]', 'label', exact('Email')), email);
    await e.type(await find(e, 'dialog[open]', 'label', exact('Password')), DEMO_PASSWORD);
    await e.click(await find(e, 'dialog[open]', 'button', exact('Log in')));
    await waitFor(e, 'the menu after sign-in', () => location.hash === '#/menu');
  });

  let onlineCards: string[] = [];
  let onlineCode: { id: number; codes: { format: string; text: string }[] };
  let brandName = '';

  it("a wallet card's code decodes to the card's value", async () => {
    await hash(e, '/wallet');
    onlineCards = await walletCards(e);
    onlineCode = await firstCardCode(e);
    const item = (await api<WalletItem[]>(email, '/wallet/me')).find((w) => w.id === onlineCode.id)!;
    expect(onlineCode.codes).toEqual([{ format: ZXING_FORMAT[item.barcode_format], text: item.barcode_value }]);
  });

  it('the ambassador share without Web Share: copy link works and says so', async () => {
    await hash(e, '/ambassador');
    expect(await e.evaluate(() => typeof navigator.share), `${e.version} now has Web Share: test the native sheet`).toBe('undefined');
    await e.click(await find(e, 'dialog[open]', 'button', exact('Share')));
    await e.click(await find(e, 'dialog[open]', 'button', exact('Copy link')));
    await waitFor(e, 'the copied toast', () => [...document.querySelectorAll('.toast')].some((t) => t.textContent?.trim() === 'Link copied to the clipboard'));
    await find(e, 'dialog[open]', 'button', exact('Copied'));
  });

  it("the browser's Back closes that dialog and keeps the screen under it", async () => {
    await waitFor(e, 'the share dialog over the screen', () => document.querySelectorAll('dialog[open]').length === 2 && history.state?.__TSR_index > 0);
    await e.evaluate(() => history.back());
    await waitFor(e, 'the dialog closed, the screen kept', () => document.querySelectorAll('dialog[open]').length === 1 && location.hash === '#/ambassador');
  });

  it("Forward onto that dialog's old entry steps back off it (no dead step)", async () => {
    const screenIndex = await e.evaluate(() => {
      const w = window as unknown as { pops: number };
      w.pops = 0;
      addEventListener('popstate', () => (w.pops += 1));
      history.forward();
      // The screen was opened by setting the address: its entry may have no state of the router's.
      return (history.state as { __TSR_index?: number } | null)?.__TSR_index ?? null;
    });
    // Two moves: Forward onto the closed dialog's entry, then the app's step back off it.
    await waitFor(
      e,
      "back on the screen's own entry",
      (i: number | null) =>
        (window as unknown as { pops: number }).pops >= 2 && (history.state?.__TSR_index ?? null) === i && document.querySelectorAll('dialog[open]').length === 1,
      [screenIndex],
    );
  });

  it("reloaded with that dialog open, the page steps back off the dialog's entry", async () => {
    const screenIndex = await e.evaluate(() => (history.state as { __TSR_index?: number } | null)?.__TSR_index ?? null);
    await e.click(await find(e, 'dialog[open]', 'button', exact('Share')));
    await waitFor(e, "the share dialog's own entry", (i: number | null) => document.querySelectorAll('dialog[open]').length === 2 && history.state?.__TSR_index === (i ?? 0) + 1, [screenIndex]);
    await e.reload();
    await waitFor(
      e,
      "the screen on its own entry, nothing over it",
      (i: number | null) => (history.state?.__TSR_index ?? null) === i && document.querySelectorAll('dialog[open]').length === 1 && location.hash === '#/ambassador',
      [screenIndex],
    );
  });

  it('after one visit the wallet starts with the server stopped; a favorite followed then syncs when it is back', async () => {
    expect(await favoriteIds(email)).not.toContain(FOLLOW_ID);
    brandName = (await api<{ name: string }>(email, `/corporate-partners/${FOLLOW_ID}`)).name;
    await hash(e, `/gift-card/${FOLLOW_ID}`);
    await find(e, 'dialog[open]', 'button.sp-follow[aria-pressed="false"]', exact(`Follow ${brandName}`));
    await waitFor(e, 'the service worker in control', () => navigator.serviceWorker.controller !== null, [], 30_000);
    await hash(e, '/wallet');
    await walletCards(e);
    await new Promise((r) => setTimeout(r, 2000)); // the query cache is saved on a short throttle

    await server.stop();
    try {
      await e.reload();
      expect(await walletCards(e)).toEqual(onlineCards);
      // Tapped at once, while the boot's own fetches still fail and are retried (the engine reports
      // itself online): the saved card shows, not "Something went wrong".
      expect(await firstCardCode(e)).toEqual(onlineCode);

      await hash(e, `/gift-card/${FOLLOW_ID}`);
      await e.click(await find(e, 'dialog[open]', 'button.sp-follow[aria-pressed="false"]', exact(`Follow ${brandName}`)));
      await waitFor(e, 'the favorite shown at once, waiting to sync', () => !!document.querySelector('dialog[open] button.sp-follow[aria-pressed="true"] .sp-pending'));
    } finally {
      await server.start();
    }
    // The outbox retries on its own (a backoff of seconds): the mark goes and the server has it.
    await waitFor(e, 'the favorite synced', () => {
      const b = document.querySelector('dialog[open] button.sp-follow[aria-pressed="true"]');
      return !!b && !b.querySelector('.sp-pending');
    }, [], 60_000);
    expect(await favoriteIds(email)).toContain(FOLLOW_ID);
  }, 120_000);

  it('no CSP violation and no uncaught error on any of it', async () => {
    expect(await problems(e)).toEqual([]);
  });
});
