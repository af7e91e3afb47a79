// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveScreenOnHide } from './save-screen';
import { forgetSavedScreens, savedScreenKey, type SavedScreen } from './saved-screen-store';

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** The page hidden (switched away from, left or closed), then shown again. */
function hide(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}
const saved = (hash: string) => JSON.parse(localStorage.getItem(savedScreenKey(hash)) ?? 'null') as SavedScreen | null;

describe('a screen saved for the next start', () => {
  let stop = () => {};
  beforeEach(() => {
    localStorage.clear();
    setOnline(true);
    window.location.hash = '#/wallet';
    document.head.innerHTML = '<style>.boot { min-height: 100vh; }</style>';
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = '/assets/wallet-b.css';
    document.head.append(sheet);
    // This DOM loads no files: the sheets as the browser would list them, the skeleton's and the file's.
    const sheets = [
      { ownerNode: document.head.querySelector('style'), cssRules: [{ cssText: '.boot { min-height: 100vh; }' }] },
      { ownerNode: sheet, cssRules: [{ cssText: '.sp-wallet__card { border-radius: 12px; }' }] },
    ];
    Object.defineProperty(document, 'styleSheets', { configurable: true, get: () => sheets });
    document.body.innerHTML =
      '<script type="module" src="/assets/index-1.js"></script><div id="root"><div class="app"><dialog open class="screen-modal">' +
      '<div class="offline-banner offline-banner-hidden"></div><input type="search" value=""><button class="sp-wallet__card">Groenhuis €25.00</button>' +
      '<details class="sp-wallet__used" open><summary>Used cards (1)</summary></details></dialog></div></div>';
    stop = saveScreenOnHide('#/wallet');
  });
  afterEach(() => stop());

  it('keeps the markup, the build and the stylesheet files’ rules when the page hides, folded sections folded', () => {
    hide();
    const picture = saved('#/wallet')!;
    expect(picture.build).toBe('/assets/index-1.js');
    // The files' rules, never the skeleton's inline ones (the next document has those itself).
    expect(picture.css).toContain('.sp-wallet__card { border-radius: 12px; }');
    expect(picture.css).not.toContain('.boot');
    expect(picture.html).toContain('Groenhuis €25.00');
    expect(picture.html).toContain('<details class="sp-wallet__used">');
    // The page itself is untouched.
    expect(document.querySelector('details')!.open).toBe(true);
  });

  it('keeps an offline picture apart from the online one', () => {
    setOnline(false);
    hide();
    expect(saved('#/wallet')).not.toBeNull();
    setOnline(true);
    expect(saved('#/wallet')).toBeNull();
  });

  it('saves nothing while a field holds text, a dialog is open over the screen, or the address has moved on', () => {
    document.querySelector('input')!.value = 'groen';
    hide();
    expect(saved('#/wallet')).toBeNull();
    document.querySelector('input')!.value = '';

    const confirm = document.createElement('dialog');
    confirm.setAttribute('open', '');
    document.querySelector('.app')!.append(confirm);
    hide();
    expect(saved('#/wallet')).toBeNull();
    confirm.remove();

    window.location.hash = '#/wallet/12';
    hide();
    expect(saved('#/wallet')).toBeNull();
    expect(saved('#/wallet/12')).toBeNull();
  });

  it('online with changes waiting (the banner shows), saves nothing: the next start will have sent them', () => {
    document.querySelector('.offline-banner')!.className = 'offline-banner offline-banner-screen';
    hide();
    expect(saved('#/wallet')).toBeNull();
    setOnline(false);
    hide();
    expect(saved('#/wallet')!.html).toContain('offline-banner-screen');
  });

  it('a page shown again saves nothing; after the screen is left, nothing is saved', () => {
    document.dispatchEvent(new Event('visibilitychange')); // back to visible
    expect(saved('#/wallet')).toBeNull();
    hide();
    expect(saved('#/wallet')).not.toBeNull();
    localStorage.clear();
    stop();
    hide();
    expect(saved('#/wallet')).toBeNull();
  });

  it('sign-out forgets every saved picture and nothing else', () => {
    hide();
    setOnline(false);
    hide();
    localStorage.setItem('auth', '{}');
    forgetSavedScreens();
    expect(saved('#/wallet')).toBeNull();
    setOnline(true);
    expect(saved('#/wallet')).toBeNull();
    expect(localStorage.getItem('auth')).toBe('{}');
  });
});
