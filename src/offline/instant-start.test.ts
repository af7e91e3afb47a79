// Instant start snapshot: keying (screen, owner, build, language), the size cap, purge, capture
// (no ids, no form values, nothing focusable, transient parts dropped), the save rules and the
// classic start script (public/instant-start.js) run against a fake storage.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_ID } from './build-info';
import { SCREEN_READY_EVENT } from './screen-ready';
import { captureScreen } from './instant-capture';
import {
  STATIC_SHEETS,
  INSTANT_MAX_CHARS,
  INSTANT_SAVE_DELAY_MS,
  instantScreenForHash,
  liveScreenReady,
  loadCapture,
  markScreenReady,
  ownerMark,
  purgeInstantSnapshots,
  readInstantSnapshot,
  removeInstantSnapshot,
  resetInstantStartForTests,
  saveCurrentScreen,
  setInstantOwner,
  setOwner,
  startInstantStart,
  whenSnapshotGone,
  writeInstantSnapshot,
} from './instant-start';

class FakeStorage {
  map = new Map<string, string>();
  failWrites = false;
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const SCRIPT = readFileSync(resolve(__dirname, '../../public/instant-start.js'), 'utf8');

/** Runs the start script as the page would (after parsing, before the app). */
function runStartScript(hash: string, build = BUILD_ID): void {
  window.location.hash = hash;
  document.documentElement.setAttribute('data-build', build);
  new Function(SCRIPT)();
}

const SHOP_HTML = '<div class="app"><main><div class="sp-shop"><div class="sp-tile">Groenhuis</div></div></main></div>';

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  window.location.hash = '';
  resetInstantStartForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('instantScreenForHash', () => {
  it('knows the shop and the wallet, with the language prefix and the stripped se prefix', () => {
    expect(instantScreenForHash('')).toEqual({ screen: 'shop', lang: 'en' });
    expect(instantScreenForHash('#/')).toEqual({ screen: 'shop', lang: 'en' });
    expect(instantScreenForHash('#/nl')).toEqual({ screen: 'shop', lang: 'nl' });
    expect(instantScreenForHash('#/nl/')).toEqual({ screen: 'shop', lang: 'nl' });
    expect(instantScreenForHash('#/wallet')).toEqual({ screen: 'wallet', lang: 'en' });
    expect(instantScreenForHash('#/en/wallet')).toEqual({ screen: 'wallet', lang: 'en' });
    expect(instantScreenForHash('#/se/nl/wallet')).toEqual({ screen: 'wallet', lang: 'nl' });
  });
  it('gives no snapshot screen for other routes or a query', () => {
    for (const h of ['#/menu', '#/wallet/3', '#/nlx', '#/wallet?orderId=5', '#/?addFavorite=1', '#/start', '#/gift-card/2']) {
      expect(instantScreenForHash(h), h).toBeNull();
    }
  });
});

describe('keying', () => {
  it('owner marks: user id, visitor, none while the signed-in user is unknown', () => {
    expect(ownerMark(7, true)).toBe('7');
    expect(ownerMark(null, false)).toBe('visitor');
    expect(ownerMark(null, true)).toBeNull();
  });

  it('reads back only for the same screen, owner, build and language', () => {
    const s = new FakeStorage();
    setInstantOwner('7', s);
    expect(writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'wallet', html: '<p>w</p>' }, s)).toBe(true);
    expect(readInstantSnapshot({ screen: 'wallet', lang: 'en' }, s)?.html).toBe('<p>w</p>');
    expect(readInstantSnapshot({ screen: 'shop', lang: 'en' }, s)).toBeNull();
    expect(readInstantSnapshot({ screen: 'wallet', lang: 'nl' }, s)).toBeNull();
    expect(readInstantSnapshot({ screen: 'wallet', lang: 'en', build: 'next-build' }, s)).toBeNull();
    setInstantOwner('8', s); // another user
    expect(readInstantSnapshot({ screen: 'wallet', lang: 'en' }, s)).toBeNull();
    setInstantOwner(null, s); // signed in, user not known yet
    expect(readInstantSnapshot({ screen: 'wallet', lang: 'en' }, s)).toBeNull();
  });

  it('does not keep a snapshot over the cap, and drops the screen\'s older one', () => {
    const s = new FakeStorage();
    writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'shop', html: '<p>old</p>' }, s);
    expect(writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'shop', html: 'x'.repeat(INSTANT_MAX_CHARS) }, s)).toBe(false);
    expect(s.getItem('socialpay.instant.shop')).toBeNull();
  });

  it('a storage failure is not an error', () => {
    const s = new FakeStorage();
    s.failWrites = true;
    expect(writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'shop', html: '<p/>' }, s)).toBe(false);
  });

  it('purge deletes every screen\'s snapshot', () => {
    const s = new FakeStorage();
    writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'shop', html: '<p/>' }, s);
    writeInstantSnapshot({ owner: '7', lang: 'en', screen: 'wallet', html: '<p/>' }, s);
    purgeInstantSnapshots(s);
    expect(s.getItem('socialpay.instant.shop')).toBeNull();
    expect(s.getItem('socialpay.instant.wallet')).toBeNull();
  });
});

describe('capture', () => {
  it('copies the screen as an inert picture: no ids, no form values, nothing focusable, no transient parts', () => {
    document.body.innerHTML = `<div id="root"><div class="app">
      <a class="skip-link" href="#main">Skip</a>
      <div class="offline-banner" role="status"><span>You are offline</span></div>
      <div class="pwa-cards"><section>Update available</section></div>
      <header><a href="#/" id="logo">SocialPay</a></header>
      <main id="main"><div class="sp-shop">
        <input id="q" name="q" value="secret search" autofocus>
        <textarea>typed</textarea>
        <section aria-labelledby="h1"><h2 id="h1">Fashion</h2>
          <div class="sp-tile"><button type="button" onclick="alert(1)">Groenhuis</button></div>
        </section>
      </div></main>
      <div class="toaster" popover="manual">Saved</div>
    </div></div>`;
    const html = captureScreen('shop', STATIC_SHEETS)!;
    expect(html).toBeTruthy();
    expect(html).not.toMatch(/\sid=/);
    expect(html).not.toMatch(/aria-labelledby|autofocus|onclick|popover|name=/);
    expect(html).not.toContain('secret search');
    expect(html).not.toContain('typed');
    expect(html).not.toContain('Skip');
    expect(html).not.toContain('Update available');
    expect(html).not.toContain('Saved');
    expect(html).not.toContain('You are offline');
    expect(html).toContain('offline-banner-hidden');
    expect(html).toContain('Groenhuis');
    const box = document.createElement('div');
    box.innerHTML = html;
    for (const el of box.querySelectorAll('a, button, input, textarea')) expect(el.getAttribute('tabindex')).toBe('-1');
  });

  it('takes nothing while the screen is loading, searching, or shows a snapshot itself', async () => {
    await loadCapture();
    setOwner('7');
    window.location.hash = '#/';
    // Loading: not ready, so nothing is saved (and the ready signal does nothing).
    document.body.innerHTML = `<div id="root"><div class="app"><main><div class="sp-shop"><p class="sp-muted" role="status">Loading</p></div></main></div></div>`;
    expect(liveScreenReady('shop')).toBe(false);
    expect(saveCurrentScreen()).toBe(false);
    document.body.innerHTML = `<div id="root"><div class="app"><main><div class="sp-shop"><div class="sp-tile"></div><p class="sp-muted" role="status">Loading</p></div></main></div></div>`;
    expect(liveScreenReady('shop')).toBe(false);
    // Ready, but a snapshot is on screen: never the picture of a picture.
    document.body.innerHTML = `<div id="root">${SHOP_HTML}</div><div id="sp-instant"></div>`;
    markScreenReady('wallet'); // (not the shop's snapshot: it stays)
    expect(saveCurrentScreen()).toBe(false);
    document.body.innerHTML = `<div id="root">${SHOP_HTML}</div>`;
    markScreenReady('shop');
    expect(saveCurrentScreen()).toBe(true);
    // Searching: the results are not the start screen.
    document.body.innerHTML = '<div id="root"><div class="app"><main><div class="sp-shop"><div class="sp-tile"></div><section class="sp-results"></section></div></main></div></div>';
    expect(captureScreen('shop', STATIC_SHEETS)).toBeNull();
    // The wallet needs its list (not the spinner) inside the screen dialog, and no order in progress.
    document.body.innerHTML = '<div id="root"><div class="app"><dialog class="modal screen-modal" open><div class="modal-body"><div class="sp-wallet"><div class="spinner"></div></div></div></dialog></div></div>';
    expect(liveScreenReady('wallet')).toBe(false);
    document.body.innerHTML = '<div id="root"><div class="app"><dialog class="modal screen-modal" open><div class="modal-body"><div class="sp-wallet"><p class="sp-wallet__progress"></p><ul class="sp-wallet__list"></ul></div></div></dialog></div></div>';
    expect(captureScreen('wallet', STATIC_SHEETS)).toBeNull();
    document.body.innerHTML = '<div id="root"><div class="app"><dialog class="modal screen-modal" open><div class="modal-body"><div class="sp-wallet"><ul class="sp-wallet__list"><li><button class="sp-wallet__card">Groenhuis</button></li></ul></div></div></dialog></div></div>';
    expect(liveScreenReady('wallet')).toBe(true);
    expect(captureScreen('wallet', STATIC_SHEETS)).toContain('sp-wallet__card');
  });
});

describe('save rules', () => {
  beforeEach(async () => {
    await loadCapture();
  });
  const walletDom = '<div id="root"><div class="app"><dialog class="modal screen-modal" open><div class="modal-body"><div class="sp-wallet"><ul class="sp-wallet__list"><li><button class="sp-wallet__card">Groenhuis</button></li></ul></div></div></dialog></div></div>';

  it('saves a couple of seconds after the screen is ready, for the current owner', () => {
    vi.useFakeTimers();
    setOwner('7');
    window.location.hash = '#/wallet';
    document.body.innerHTML = walletDom;
    markScreenReady('wallet');
    expect(localStorage.getItem('socialpay.instant.wallet')).toBeNull();
    vi.advanceTimersByTime(INSTANT_SAVE_DELAY_MS);
    const saved = JSON.parse(localStorage.getItem('socialpay.instant.wallet')!);
    expect(saved).toMatchObject({ v: 1, owner: '7', lang: 'en', screen: 'wallet', build: BUILD_ID });
    expect(localStorage.getItem('socialpay.instant.owner')).toBe('7');
  });

  it('never files a screen for a new owner before that owner\'s own content was ready (logout)', () => {
    vi.useFakeTimers();
    setOwner('7');
    window.location.hash = '#/wallet';
    document.body.innerHTML = walletDom;
    markScreenReady('wallet');
    setOwner('visitor'); // logged out: the pending save is cancelled and the old DOM is not saved
    vi.advanceTimersByTime(INSTANT_SAVE_DELAY_MS);
    expect(saveCurrentScreen()).toBe(false);
    expect(localStorage.getItem('socialpay.instant.wallet')).toBeNull();
  });

  it('a visitor has no wallet snapshot; other routes are not saved', () => {
    setOwner('visitor');
    window.location.hash = '#/wallet';
    document.body.innerHTML = walletDom;
    markScreenReady('wallet');
    expect(saveCurrentScreen()).toBe(false);
    setOwner('7');
    markScreenReady('wallet');
    window.location.hash = '#/menu';
    expect(saveCurrentScreen()).toBe(false);
  });

  it('ready removes the shown snapshot of that screen (and tells the held screen dialog)', () => {
    setOwner('7');
    document.body.innerHTML = walletDom + '<div id="sp-instant" data-screen="wallet" data-owner="7"></div>';
    const opened = vi.fn();
    whenSnapshotGone(opened);
    expect(opened).not.toHaveBeenCalled();
    markScreenReady('shop'); // another screen's content: stays
    expect(document.getElementById('sp-instant')).not.toBeNull();
    markScreenReady('wallet');
    expect(document.getElementById('sp-instant')).toBeNull();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("a lazy screen's ready event (the wallet chunk does not import this module) removes its snapshot", () => {
    startInstantStart('7');
    document.body.innerHTML = walletDom + '<div id="sp-instant" data-screen="wallet" data-owner="7"></div>';
    window.dispatchEvent(new CustomEvent(SCREEN_READY_EVENT, { detail: 'wallet' }));
    expect(document.getElementById('sp-instant')).toBeNull();
  });

  it('a snapshot shown for another owner goes as soon as the session says who it is', () => {
    document.body.innerHTML = '<div id="sp-instant" data-screen="shop" data-owner="7"></div>';
    setOwner('8');
    expect(document.getElementById('sp-instant')).toBeNull();
    document.body.innerHTML = '<div id="sp-instant" data-screen="shop" data-owner="8"></div>';
    setOwner('8');
    expect(document.getElementById('sp-instant')).not.toBeNull();
    removeInstantSnapshot();
    expect(document.getElementById('sp-instant')).toBeNull();
  });
});

describe('public/instant-start.js', () => {
  function store(screen: 'shop' | 'wallet', owner: string, extra: Record<string, unknown> = {}) {
    localStorage.setItem('socialpay.instant.owner', owner);
    localStorage.setItem(`socialpay.instant.${screen}`, JSON.stringify({ v: 1, build: BUILD_ID, owner, lang: 'en', screen, at: 1, html: SHOP_HTML, ...extra }));
  }

  it('shows the saved snapshot for the screen in the hash as an aria-hidden, inert picture', () => {
    store('shop', '7');
    runStartScript('#/');
    const el = document.getElementById('sp-instant')!;
    expect(el).not.toBeNull();
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.hasAttribute('inert')).toBe(true);
    expect(el.dataset.screen).toBe('shop');
    expect(el.dataset.owner).toBe('7');
    expect(el.querySelector('.sp-tile')?.textContent).toBe('Groenhuis');
  });

  it('shows nothing for another owner, another build, another language, another route or a query', () => {
    store('shop', '7');
    localStorage.setItem('socialpay.instant.owner', '8');
    runStartScript('#/');
    expect(document.getElementById('sp-instant')).toBeNull();

    store('shop', '7');
    runStartScript('#/', 'another-build');
    expect(document.getElementById('sp-instant')).toBeNull();

    runStartScript('#/nl');
    expect(document.getElementById('sp-instant')).toBeNull();

    store('wallet', '7');
    runStartScript('#/menu');
    runStartScript('#/wallet?orderId=3');
    expect(document.getElementById('sp-instant')).toBeNull();

    localStorage.removeItem('socialpay.instant.owner'); // signed in, user unknown / after logout
    runStartScript('#/wallet');
    expect(document.getElementById('sp-instant')).toBeNull();

    store('wallet', '7');
    runStartScript('#/wallet');
    expect(document.getElementById('sp-instant')).not.toBeNull();
  });

  it('goes at once on a key, a tap or a hash change', () => {
    for (const fire of [
      () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })),
      () => window.dispatchEvent(new Event('pointerdown')),
      () => window.dispatchEvent(new HashChangeEvent('hashchange')),
    ]) {
      document.body.innerHTML = '';
      store('shop', '7');
      runStartScript('#/');
      expect(document.getElementById('sp-instant')).not.toBeNull();
      fire();
      expect(document.getElementById('sp-instant')).toBeNull();
    }
  });

  it('goes by itself after a few seconds', () => {
    vi.useFakeTimers();
    store('shop', '7');
    runStartScript('#/');
    vi.advanceTimersByTime(4000);
    expect(document.getElementById('sp-instant')).toBeNull();
  });

  it('ignores a corrupt entry', () => {
    localStorage.setItem('socialpay.instant.owner', '7');
    localStorage.setItem('socialpay.instant.shop', '{not json');
    expect(() => runStartScript('#/')).not.toThrow();
    expect(document.getElementById('sp-instant')).toBeNull();
  });
});
