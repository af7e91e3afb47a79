/**
 * Which screen each entry of this tab's history showed (by the history's own index), so a screen's back
 * arrow goes back, like the browser's Back, when its parent screen is the entry before, and opens the
 * parent anew only otherwise: the arrows no longer pile up entries that Back then walks through again.
 * Kept in sessionStorage (a reload keeps the tab's history, and so this); recorded by the screen frame.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { historyIndex } from './history-index';
import { useLang } from './i18n';
import { useGo, type AppHref, type GoOptions } from './navigation';
import { parsePath, withLang } from './paths';

const KEY = 'socialpay.screen-trail';

function read(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** The entry at `index` shows `pathname`; entries after it are another branch's now. */
export function noteScreen(index: number, pathname: string): void {
  const trail = read();
  trail[index] = pathname;
  for (const k of Object.keys(trail)) if (Number(k) > index) delete trail[k];
  save(trail);
}

function save(trail: Record<string, string>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(trail));
  } catch {
    /* not kept: the arrows and the X open their target anew */
  }
}

/** `backTo(parent)`: the back arrow's action, to `parent` (its path, language added). */
export function useBackTo(): (parent: AppHref, opts?: GoOptions) => () => void {
  const router = useRouter();
  const go = useGo();
  const lang = useLang();
  return useCallback(
    (parent: AppHref, opts?: GoOptions) => () => {
      const index = historyIndex(router.history.location.state);
      const before = index > 0 ? read()[index - 1] : undefined;
      if (before !== undefined && before === withLang(parent.split('?')[0]!, lang)) router.history.back();
      else go(parent, opts);
    },
    [router, go, lang],
  );
}

/**
 * `closeTo(target)`: a screen's X, to `target`: back through history to the entry the journey of screens
 * started from, when that shows `target` (the shop notes its entries too: noteShop), else `target` opened
 * anew. A journey that switched language goes back to that entry and shows it in this language.
 */
export function useCloseTo(): (target: AppHref, opts?: GoOptions) => () => void {
  const router = useRouter();
  const go = useGo();
  const lang = useLang();
  return useCallback(
    (target: AppHref, opts?: GoOptions) => () => {
      const index = historyIndex(router.history.location.state);
      const trail = read();
      const rest = parsePath(target.split('?')[0]!).rest;
      let i = index - 1;
      while (i >= 0 && trail[i] !== undefined && parsePath(trail[i]!).rest !== rest) i--;
      if (i < 0 || trail[index] === undefined || trail[i] === undefined) return go(target, opts);
      if (trail[i] !== withLang(rest, lang)) {
        // Then the entry is replaced by the same place in the language chosen since.
        const unsubscribe = router.history.subscribe(() => {
          unsubscribe();
          go(target, { ...opts, replace: true });
        });
      }
      if (i === index - 1) router.history.back();
      else router.history.go(i - index);
    },
    [router, go, lang],
  );
}

/**
 * The shop's entry at `index` (noted by the layout, a moment after it shows): unlike noteScreen it keeps
 * the entries after it, which a screen opened meanwhile may have noted already.
 */
export function noteShop(index: number, pathname: string): void {
  const trail = read();
  trail[index] = pathname;
  save(trail);
}
