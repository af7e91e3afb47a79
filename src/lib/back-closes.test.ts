import { createHistory, createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { openLayer } from './back-closes';
import { historyIndex } from './history-index';
import { markLayerEntry, skipClosedLayers } from './layer-entries';

/** A history at the wallet, one entry after the shop. */
function setup() {
  const history = createMemoryHistory({ initialEntries: ['/', '/wallet'] });
  return { history, onLeft: vi.fn<() => void>() };
}

const at = (history: RouterHistory) => [historyIndex(history.location.state), history.location.href];
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('openLayer (Back closes a dialog or the menu)', () => {
  it('adds an entry for the same address; Back leaves it and closes the layer', async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    expect(at(history)).toEqual([2, '/wallet']);
    history.back();
    await settle();
    expect(onLeft).toHaveBeenCalledTimes(1);
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([1, '/wallet']);
  });

  it('closed another way, its entry is taken away again', async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([1, '/wallet']);
    expect(history.length).toBe(3); // the forward entry remains until the next push, as in a browser
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('a navigation while it is on top replaces its entry (no dead step before the next screen)', async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    history.push('/wallet/7');
    await settle();
    expect(at(history)).toEqual([2, '/wallet/7']);
    expect(history.length).toBe(3);
    expect(onLeft).toHaveBeenCalledTimes(1);
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([2, '/wallet/7']);
    history.back();
    expect(history.location.href).toBe('/wallet');
  });

  it('a replace to another screen (a sign-out) leaves it without going back over the replace', async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    history.replace('/start');
    await settle();
    expect(onLeft).toHaveBeenCalledTimes(1);
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([2, '/start']);
  });

  it("a replace of the screen's own address (a choice kept in it) keeps the layer open", async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    history.replace('/wallet?q=bol');
    await settle();
    expect(onLeft).not.toHaveBeenCalled();
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([1, '/wallet']);
  });

  it('leave() takes the entry away before a navigation from inside', async () => {
    const { history, onLeft } = setup();
    const layer = openLayer(history, onLeft);
    await layer.leave();
    expect(at(history)).toEqual([1, '/wallet']);
    history.push('/menu');
    layer.dispose();
    await settle();
    expect(at(history)).toEqual([2, '/menu']);
    expect(onLeft).not.toHaveBeenCalled();
  });
});

/**
 * A history like a browser's: Back is a traversal that happens a moment later (then the router hears
 * of it), while a push or replace is at once. The memory history above goes back at once.
 */
function browserLike(entries: string[]): RouterHistory {
  const list = entries.map((href, i) => ({ href, state: { __TSR_index: i, key: `k${i}`, __TSR_key: `k${i}` } }));
  let index = list.length - 1;
  let blockers: Parameters<RouterHistory['block']>[0][] = [];
  const location = () => {
    const { href, state } = list[index]!;
    const [pathname, search = ''] = href.split('?');
    return { href, pathname: pathname!, search: search ? `?${search}` : '', hash: '', state };
  };
  const traverse = (n: number) =>
    setTimeout(() => {
      index = Math.min(Math.max(index + n, 0), list.length - 1);
      history.notify({ type: 'GO', index: n });
    }, 5);
  const history: RouterHistory = createHistory({
    getLocation: location,
    getLength: () => list.length,
    pushState: (href, state) => {
      list.length = index + 1;
      list.push({ href, state });
      index += 1;
    },
    replaceState: (href, state) => {
      list[index] = { href, state };
    },
    go: (n) => traverse(n),
    back: () => traverse(-1),
    forward: () => traverse(1),
    createHref: (p) => p,
    getBlockers: () => blockers,
    setBlockers: (b) => (blockers = b),
    notifyOnIndexChange: false,
  });
  return history;
}

describe('openLayer with a browser-like history (Back takes a moment)', () => {
  it("a replace asked for while the closed layer's entry is being left lands after it (a sign-out to Start)", async () => {
    const history = browserLike(['/', '/delete-account']);
    const layer = openLayer(history, () => {});
    expect(at(history)).toEqual([2, '/delete-account']);
    layer.dispose();
    history.replace('/start');
    await new Promise((r) => setTimeout(r, 30));
    expect(at(history)).toEqual([1, '/start']);
    expect(history.length).toBe(3);
  });
});

describe('skipClosedLayers (no dead step where a layer was)', () => {
  it("Forward onto the entry of a layer Back closed steps back off it: the next Back leaves the screen", async () => {
    const history = browserLike(['/', '/wallet']);
    skipClosedLayers(history);
    const onLeft = vi.fn<() => void>();
    const layer = openLayer(history, onLeft);
    history.back();
    await new Promise((r) => setTimeout(r, 20));
    expect(onLeft).toHaveBeenCalledTimes(1);
    layer.dispose();
    history.forward();
    await new Promise((r) => setTimeout(r, 30));
    expect(at(history)).toEqual([1, '/wallet']);
    history.back();
    await new Promise((r) => setTimeout(r, 20));
    expect(at(history)).toEqual([0, '/']);
  });

  it("a replace of the screen's own address while it is open keeps its entry known as the layer's", async () => {
    const history = browserLike(['/', '/wallet']);
    skipClosedLayers(history);
    const layer = openLayer(history, () => {});
    history.replace('/wallet?q=bol');
    history.back();
    await new Promise((r) => setTimeout(r, 20));
    layer.dispose();
    history.forward();
    await new Promise((r) => setTimeout(r, 30));
    expect(at(history)).toEqual([1, '/wallet']);
  });

  it('a page started on a closed layer\'s entry (reloaded with a dialog open) steps back off it', async () => {
    const reloaded = browserLike(['/', '/wallet', '/wallet']);
    markLayerEntry('k2');
    skipClosedLayers(reloaded);
    await new Promise((r) => setTimeout(r, 20));
    expect(at(reloaded)).toEqual([1, '/wallet']);
  });
});
