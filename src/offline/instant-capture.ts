/**
 * Instant start snapshot, the capture (README.md in this folder, "Instant start snapshot"): copies the
 * live screen's first screenful as an inert picture. Loaded on demand by instant-start.ts when a
 * screen first signals it is ready, so it is not part of the first paint's JS.
 */
// Type-only import: this chunk imports nothing at run time, so the first paint's chunks stay as they are.
import type { InstantScreen } from './instant-start';

/** Never in a snapshot: transient or personal parts that the next start must not show. */
const SKIP = '.skip-link, .toaster, .pwa-cards, .mobile-menu, dialog.modal-small, script, template, [data-instant="skip"]';
const STRIP_ATTRS = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-modal', 'autofocus', 'contenteditable', 'popover', 'name', 'data-focused-for'];
const FOCUSABLE = 'a, button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]';

/** Copy `orig`'s children into `copy` (same structure), dropping what lies wholly below or right of
 *  the first screenful. (sx, sy): how far the content is scrolled (window, row scrollers), so a
 *  scrolled page still yields its top, which is what the next start shows. */
function pruneBelowFold(orig: Element, copy: Element, sx: number, sy: number, vw: number, vh: number): void {
  const drop: Element[] = [];
  const oc = orig.children;
  const cc = copy.children;
  for (let i = 0; i < oc.length; i++) {
    const o = oc[i]!;
    const c = cc[i];
    if (!c) break;
    if (o.matches(SKIP)) {
      drop.push(c);
      continue;
    }
    const pos = getComputedStyle(o).position;
    let nx = sx;
    let ny = sy;
    if (pos === 'fixed' || pos === 'sticky' || o.tagName === 'DIALOG') {
      nx = 0; // drawn relative to the viewport: no page scroll to add
      ny = 0;
    } else {
      const r = o.getBoundingClientRect();
      if ((r.width > 0 || r.height > 0) && (r.top + sy >= vh || r.left + sx >= vw)) {
        drop.push(c);
        continue;
      }
    }
    pruneBelowFold(o, c, nx + o.scrollLeft, ny + o.scrollTop, vw, vh);
  }
  for (const c of drop) c.remove();
}

function selectorMatches(selector: string, copy: Element): boolean {
  const sel = selector.replace(/::?(before|after|placeholder|marker|selection|backdrop|first-line|first-letter|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)(\([^)]*\))?/g, '');
  try {
    return copy.matches(sel) || copy.querySelector(sel) !== null;
  } catch {
    return false;
  }
}

function rulesFor(rules: CSSRuleList, copy: Element): string {
  let out = '';
  for (const r of rules) {
    if (r instanceof CSSStyleRule) {
      if (selectorMatches(r.selectorText, copy)) out += r.cssText;
    } else if (r instanceof CSSMediaRule) {
      const inner = rulesFor(r.cssRules, copy);
      if (inner) out += `@media ${r.conditionText}{${inner}}`;
    } else if (r instanceof CSSSupportsRule) {
      const inner = rulesFor(r.cssRules, copy);
      if (inner) out += `@supports ${r.conditionText}{${inner}}`;
    } else if (r instanceof CSSKeyframesRule) {
      out += r.cssText;
    }
  }
  return out;
}

/** The rules of lazily loaded stylesheets that style the copy (e.g. the wallet screen's CSS chunk),
 *  so the snapshot looks the same before that chunk has loaded. */
function lazyCss(copy: Element, doc: Document, staticSheets: ReadonlySet<string>): string {
  let out = '';
  for (const sheet of doc.styleSheets) {
    const owner = sheet.ownerNode;
    if (!(owner instanceof HTMLLinkElement) || staticSheets.has(owner.href)) continue;
    try {
      out += rulesFor(sheet.cssRules, copy);
    } catch {
      /* not readable */
    }
  }
  return out;
}

/** Make the copy a picture: no ids, no values, nothing focusable, no handlers. */
function sanitize(copy: Element): void {
  const all = [copy, ...copy.querySelectorAll('*')];
  for (const el of all) {
    for (const a of STRIP_ATTRS) el.removeAttribute(a);
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.removeAttribute('value');
      el.removeAttribute('checked');
      if (el instanceof HTMLTextAreaElement) el.textContent = '';
    }
    if (el.matches(FOCUSABLE)) el.setAttribute('tabindex', '-1');
  }
  // The offline banner reflects the moment of capture, not the next start.
  for (const b of copy.querySelectorAll('.offline-banner')) {
    b.className = 'offline-banner offline-banner-hidden';
    b.replaceChildren();
  }
}

/**
 * The markup of the live screen's first screenful, or null when the screen is not showing its
 * content right now (a search or category chosen, an order in progress, a small dialog open). The
 * caller (instant-start.ts) checks first that the screen is ready and no snapshot is shown.
 * staticSheets: the stylesheets the page started with (their rules are not copied).
 */
export function captureScreen(screen: InstantScreen, staticSheets: ReadonlySet<string>, doc: Document = document): string | null {
  const win = doc.defaultView;
  const app = doc.querySelector('#root > .app');
  if (!win || !app) return null;
  if (app.querySelector('dialog.modal-small[open]')) return null;
  const dialog = app.querySelector('dialog.screen-modal');
  if (screen === 'shop' && (dialog || app.querySelector('.sp-results, .sp-notice'))) return null;
  if (screen === 'wallet' && (!dialog || dialog.querySelector('.sp-wallet__progress, .sp-wallet__ok, .sp-wallet__warn'))) return null;

  const vw = win.innerWidth;
  const vh = win.innerHeight;
  const copy = app.cloneNode(true) as Element;
  pruneBelowFold(app, copy, win.scrollX, win.scrollY, vw, vh);
  if (screen === 'wallet') {
    const body = dialog!.querySelector('.modal-body');
    const r = body?.getBoundingClientRect();
    const cdialog = copy.querySelector('dialog.screen-modal');
    if (!cdialog) return null;
    if (r && r.left <= 0 && r.width >= vw - 1 && r.height >= vh - 1) {
      // The screen covers the whole viewport (phones): the shop behind it is not needed.
      copy.replaceChildren(cdialog);
    } else {
      const backdrop = doc.createElement('div');
      backdrop.className = 'sp-instant__backdrop';
      cdialog.before(backdrop);
    }
  }
  sanitize(copy);
  const css = lazyCss(copy, doc, staticSheets).replace(/<\/style/gi, '<\\/style');
  return (css ? `<style>${css}</style>` : '') + copy.outerHTML;
}
