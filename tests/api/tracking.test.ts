/** POST /tracking/screen-visit { screen } → 204, with any token or none; stored for a user only with consent
 *  (GET/PUT /application-users/me/privacy). */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { expectClientError, expectError } from './support/shapes.ts';

const t = useServer();

async function visits(screen: string): Promise<{ user_id: number | null }[]> {
  return (await t.server.db.query<{ user_id: number | null }>('SELECT user_id FROM screen_visits WHERE screen = $1', [screen])).rows;
}

describe('POST /tracking/screen-visit', () => {
  test('204 with no token, a visitor token and a user token (recorded for a user who said yes)', async () => {
    const screen = `Menu Screen ${Date.now()}`;
    const anon = await t.anon.post('/tracking/screen-visit', { screen });
    expect(anon.status).toBe(204);
    expect(anon.text).toBe('');
    expect((await t.api(await t.visitorToken()).post('/tracking/screen-visit', { screen }, { prefix: '/api/v1' })).status).toBe(204);
    const u = await t.signUp();
    expect((await u.api.put('/application-users/me/privacy', { screen_visits: true })).status).toBe(200);
    expect((await u.api.post('/tracking/screen-visit', { screen })).status).toBe(204);
    const rows = await visits(screen);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.user_id === u.user.id)).toHaveLength(1);
  });

  test('no visit is stored for a user who has not chosen, or who turned it off', async () => {
    const screen = `Wallet Screen ${Date.now()}`;
    const u = await t.signUp();
    expect((await u.api.get('/application-users/me/privacy')).body).toEqual({ screen_visits: null, screen_visits_chosen_at: null });
    expect((await u.api.post('/tracking/screen-visit', { screen })).status).toBe(204);
    expect(await visits(screen)).toHaveLength(0);
    const off = await u.api.put('/application-users/me/privacy', { screen_visits: false });
    expect(off.body.screen_visits).toBe(false);
    expect(typeof off.body.screen_visits_chosen_at).toBe('string');
    expect((await u.api.post('/tracking/screen-visit', { screen })).status).toBe(204);
    expect(await visits(screen)).toHaveLength(0);
    await u.api.put('/application-users/me/privacy', { screen_visits: true });
    await u.api.post('/tracking/screen-visit', { screen });
    expect(await visits(screen)).toEqual([{ user_id: u.user.id }]);
  });

  test('the choice: 422 on a non-boolean, 401 without a token, 403 for a visitor', async () => {
    const u = await t.signUp();
    for (const body of [{}, { screen_visits: 'yes' }, { screen_visits: null }]) {
      const e = expectError(await u.api.put('/application-users/me/privacy', body), 422);
      expect(e.violations?.map((v) => v.property_path)).toContain('screen_visits');
    }
    expect((await u.api.get('/application-users/me/privacy')).body.screen_visits).toBeNull();
    expectError(await t.anon.get('/application-users/me/privacy'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).put('/application-users/me/privacy', { screen_visits: true }), 403, 'forbidden');
  });

  test('HTML and SQL as a screen name are stored verbatim and harmless', async () => {
    const screen = `<img src=x onerror=alert(1)>'); DELETE FROM users; --`;
    expect((await t.anon.post('/tracking/screen-visit', { screen })).status).toBe(204);
    expect(await visits(screen)).toHaveLength(1);
    expect((await t.api(await t.userToken()).get('/application-users/me')).status).toBe(200);
  });

  test.each([
    ['missing screen', {}],
    ['empty screen', { screen: '   ' }],
    ['a number', { screen: 42 }],
    ['too long', { screen: 'x'.repeat(1000) }],
  ])('%s → 422', async (_l, body) => {
    const e = expectError(await t.anon.post('/tracking/screen-visit', body), 422);
    expect(e.violations?.map((v) => v.property_path)).toContain('screen');
  });

  test('malformed JSON → 4xx; an invalid token → 401', async () => {
    expectClientError(await t.anon.post('/tracking/screen-visit', undefined, { raw: 'screen=menu', contentType: 'application/json' }));
    expectError(await t.api('no-such-token').post('/tracking/screen-visit', { screen: 'Menu Screen' }), 401, 'unauthorized');
  });
});
