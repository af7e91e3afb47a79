/**
 * The browser's Back closes what is open inside a screen (a dialog, the phone's menu), as people on
 * Android expect: opening it adds a history entry for the same address, Back leaves that entry and
 * closes it, and closing it any other way takes the entry away again, so history holds no dead steps.
 * Outside a router (unit tests of a dialog) it does nothing.
 */
import { useRouter, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';
import { historyIndex } from './history-index';


/** Set while a closed layer's entry is being taken away: the next layer is added after it is gone. */
let removing: Promise<void> | null = null;

/** Goes back over the layer's entry and resolves once the history is there (or after 1 s). */
function removeEntry(history: RouterHistory): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = history.subscribe(done);
    const timer = setTimeout(done, 1000);
    history.back();
  });
}

/** An open layer's history entry: `leave()` before navigating from inside, `dispose()` once closed. */
export interface Layer {
  /** Takes the entry away (when on top) and resolves once done, so a navigation after it starts from the
   * screen's own entry: Back from the next screen then returns here, not to a dead step. */
  leave(): Promise<void>;
  /** The layer closed: its entry is taken away unless Back already left it. */
  dispose(): void;
}

/** Adds a history entry for the same address; leaving it (Back, Forward, a navigation) calls `onLeft`. */
export function openLayer(history: RouterHistory, onLeft: () => void): Layer {
  let left = false;
  let disposed = false;
  let index = -1;
  let unsubscribe = () => {};
  const add = () => {
    if (disposed || left) return;
    const here = history.location;
    history.push(here.href, here.state);
    index = historyIndex(history.location.state);
    // A replace on the entry (a screen keeping a choice in its address) stays on it.
    unsubscribe = history.subscribe(({ location }) => {
      if (left || historyIndex(location.state) === index) return;
      left = true;
      onLeft();
    });
  };
  if (removing) void removing.then(add);
  else add();
  const leave = () => {
    if (left) return removing ?? Promise.resolve();
    left = true;
    return take(history, index);
  };
  return {
    leave,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      void leave();
    },
  };
}

/** While `open`, the browser's Back calls `close` (a dialog inside a screen). */
export function useBackCloses(open: boolean, close: () => void): void {
  const router = useRouter({ warn: false });
  const onBack = useEffectEvent(close);
  useEffect(() => {
    if (!open || !router) return;
    const layer = openLayer(router.history, () => onBack());
    return layer.dispose;
  }, [open, router]);
}

/** Takes the layer's entry at `index` away when it is the current one. */
function take(history: RouterHistory, index: number): Promise<void> {
  if (index < 0 || historyIndex(history.location.state) !== index) return removing ?? Promise.resolve();
  const gone = removeEntry(history);
  removing = gone;
  void gone.then(() => {
    if (removing === gone) removing = null;
  });
  return gone;
}
