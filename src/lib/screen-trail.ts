/**
 * Which screen each entry of this tab's history showed (by the history's own index), so a screen's back
 * arrow goes back, like the browser's Back, when its parent screen is the entry before, and opens the
 * parent anew only otherwise: the arrows no longer pile up entries that Back then walks through again.
 * Kept in sessionStorage (a reload keeps the tab's history, and so this); recorded by the screen frame.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useLang } from './i18n';
import { useGo, type AppHref, type GoOptions } from './navigation';
import { withLang } from './paths';

const KEY = 'socialpay.screen-trail';

function read(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** The history index of the current entry (TanStack's history keeps it in the entry's state). */
export function historyIndex(state: unknown): number {
  return (state as { __TSR_index?: number } | null)?.__TSR_index ?? 0;
}

/** The entry at `index` shows `pathname`; entries after it are another branch's now. */
export function noteScreen(index: number, pathname: string): void {
  const trail = read();
  trail[index] = pathname;
  for (const k of Object.keys(trail)) if (Number(k) > index) delete trail[k];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(trail));
  } catch {
    /* not kept: the arrows open their parent anew */
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
