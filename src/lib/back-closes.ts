/**
 * The browser's Back closes what is open inside a screen (a dialog, the phone's menu), as people on
 * Android expect: opening it adds a history entry for the same address, Back leaves that entry and
 * closes it, and closing it any other way takes the entry away again, so history holds no dead steps.
 * Outside a router (unit tests of a dialog) it does nothing.
 */
import { useRouter, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { historyIndex } from './history-index';
import { entryKey, markLayerEntry, openLayers } from './layer-entries';

/** Set while a closed layer's entry is being taken away: the next layer is added after it is gone. */
let removing: Promise<void> | null = null;

/**
 * Goes back over the layer's entry and resolves once the history is there (or after 1 s). A navigation
 * asked for meanwhile (a dialog's action that closes it and moves on, such as a sign-out's Start) waits
 * for that: made at once, it would land on the entry being left and then be gone back over.
 */
function removeEntry(history: RouterHistory): Promise<void> {
  let resolveGone = () => {};
  const gone = new Promise<void>((resolve) => (resolveGone = resolve));
  const unblock = history.block({
    enableBeforeUnload: false,
    blockerFn: ({ nextLocation, action }) => {
      if (action !== 'PUSH' && action !== 'REPLACE') return false;
      void gone.then(() => (action === 'PUSH' ? history.push : history.replace)(nextLocation.href, nextLocation.state));
      return true;
    },
  });
  const done = () => {
    clearTimeout(timer);
    unsubscribe();
    unblock();
    resolveGone();
  };
  const unsubscribe = history.subscribe(done);
  const timer = setTimeout(done, 1000);
  // The router writes its entries in a microtask: the layer's own must be in before going back over it.
  history.flush();
  history.back();
  return gone;
}

/** An open layer's history entry: `leave()` before navigating from inside, `dispose()` once closed. */
export interface Layer {
  /** Takes the entry away (when on top) and resolves once done, so a navigation after it starts from the
   * screen's own entry: Back from the next screen then returns here, not to a dead step. */
  leave(): Promise<void>;
  /** The layer closed: its entry is taken away unless Back already left it. */
  dispose(): void;
}

/**
 * Adds a history entry for the same address; leaving it (Back, Forward, a navigation) calls `onLeft`.
 * A navigation made while it is on top (a link inside, a tile behind the phone's menu) replaces it instead
 * of adding an entry after it: Back from the next screen then returns to this screen, not to a dead step.
 */
export function openLayer(history: RouterHistory, onLeft: () => void): Layer {
  let left = false;
  let index = -1;
  let pathname = '';
  let key = '';
  let stop = () => {};
  const onTop = () => !left && index >= 0 && historyIndex(history.location.state) === index;
  const leaveBy = () => {
    left = true;
    stop();
    onLeft();
  };
  const add = () => {
    if (left) return;
    const here = history.location;
    history.push(here.href, here.state);
    index = historyIndex(history.location.state);
    pathname = history.location.pathname;
    const note = (entry: string) => {
      openLayers.delete(key);
      key = entry;
      openLayers.add(key);
      markLayerEntry(key);
    };
    note(entryKey(history.location.state));
    // Back or Forward moves off the entry; a replace to another screen (a sign-out) leaves it too. A replace
    // of this screen's address (a screen keeping a choice in it) stays on it, under the new entry's key.
    const unsubscribe = history.subscribe(({ location }) => {
      if (left) return;
      if (historyIndex(location.state) !== index || location.pathname !== pathname) leaveBy();
      else if (entryKey(location.state) !== key) note(entryKey(location.state));
    });
    const unblock = history.block({
      enableBeforeUnload: false,
      blockerFn: ({ nextLocation, action }) => {
        if (action !== 'PUSH' || !onTop()) return false;
        leaveBy();
        queueMicrotask(() => history.replace(nextLocation.href, nextLocation.state));
        return true;
      },
    });
    stop = () => {
      openLayers.delete(key);
      unsubscribe();
      unblock();
    };
  };
  if (removing) void removing.then(add);
  else add();
  const leave = () => {
    if (left) return removing ?? Promise.resolve();
    left = true;
    stop();
    return take(history, index);
  };
  // Disposing is leaving: a layer not added yet (waiting for a removal) then never is.
  return { leave, dispose: () => void leave() };
}

/** While `open`, the browser's Back calls `close` (a dialog inside a screen). */
export function useBackCloses(open: boolean, close: () => void): void {
  const router = useRouter({ warn: false });
  // Bumped when Back left the entry: a dialog that refused to close (busy sending) gets a new one, so the
  // next Back still closes it instead of leaving the screen under it.
  const [left, setLeft] = useState(0);
  const onBack = useEffectEvent(() => {
    close();
    setLeft((n) => n + 1);
  });
  useEffect(() => {
    if (!open || !router) return;
    const layer = openLayer(router.history, onBack);
    return layer.dispose;
  }, [open, router, left]);
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
