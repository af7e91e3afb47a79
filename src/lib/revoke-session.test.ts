import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revokeLeftSessions, revokeSession } from './revoke-session';
import { STORAGE_KEYS } from '../offline/storage-keys';

let up = true;
let status = 200;
const sent: string[] = [];

beforeEach(() => {
  up = true;
  status = 200;
  sent.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (!up) throw new TypeError('Failed to fetch');
    expect(url).toBe('/oauth/v2/revoke');
    sent.push((JSON.parse(String(init.body)) as { token: string }).token);
    return new Response('{}', { status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const kept = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingRevocations) ?? '[]') as string[];

describe('revoking a signed-out session', () => {
  it('sends the refresh token to the revocation endpoint and keeps nothing', async () => {
    await revokeSession('r-1');
    expect(sent).toEqual(['r-1']);
    expect(localStorage.getItem(STORAGE_KEYS.pendingRevocations)).toBeNull();
  });

  it('offline, keeps the token and revokes it when the network is back, also at the next start', async () => {
    up = false;
    await revokeSession('r-2');
    await revokeSession('r-3');
    expect(kept()).toEqual(['r-2', 'r-3']);
    up = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toEqual(['r-2', 'r-3']));
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.pendingRevocations)).toBeNull());

    up = false;
    await revokeSession('r-4');
    up = true;
    await revokeLeftSessions(); // what the next start does
    expect(sent).toEqual(['r-2', 'r-3', 'r-4']);
    expect(localStorage.getItem(STORAGE_KEYS.pendingRevocations)).toBeNull();
  });

  it('a server error or a rate limit keeps the token for later; a refusal (the token is unknown) does not', async () => {
    status = 503;
    await revokeSession('r-5');
    expect(kept()).toEqual(['r-5']);
    status = 429;
    await revokeLeftSessions();
    expect(kept()).toEqual(['r-5']);
    status = 400;
    await revokeLeftSessions();
    expect(localStorage.getItem(STORAGE_KEYS.pendingRevocations)).toBeNull();
  });
});
