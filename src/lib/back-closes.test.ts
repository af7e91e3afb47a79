import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { openLayer } from './back-closes';
import { historyIndex } from './history-index';

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
