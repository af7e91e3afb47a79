// A screen visit waits for an idle moment before it is sent: turning sharing off meanwhile drops it.
import { afterEach, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { trackScreenVisit } from './track';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('sends a visit only if sharing is still on when the browser gets to it', async () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchSpy);

  localStorage.setItem(STORAGE_KEYS.screenVisits, 'on');
  trackScreenVisit('Menu Screen');
  localStorage.setItem(STORAGE_KEYS.screenVisits, 'off'); // turned off before the idle moment
  idle.splice(0).forEach((run) => run());
  trackScreenVisit('Wallet Screen'); // off: not even queued
  expect(idle).toHaveLength(0);

  localStorage.setItem(STORAGE_KEYS.screenVisits, 'on');
  trackScreenVisit('Settings Screen');
  idle.splice(0).forEach((run) => run());
  await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
  expect(String(url)).toContain('/tracking/screen-visit');
  expect(String(init.body)).toContain('Settings Screen');
});
