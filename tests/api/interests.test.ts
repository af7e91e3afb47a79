/** Interests: GET /interests and PUT /application-users/me/interests (edit_version rule). */
import { describe, expect, test } from 'vitest';
import type { Interest } from '../../server/contract/types.ts';
import { useServer } from './support/harness.ts';
import { expectClientError, expectError, expectOk, interestShape, paged, userShape } from './support/shapes.ts';

const t = useServer();

describe('GET /interests', () => {
  test('a list of interests; Accept-Language nl gives Dutch names for the same ids', async () => {
    const c = t.api(await t.userToken());
    const en = expectOk(await c.get('/interests', { headers: { 'Accept-Language': 'en' } }), 200, paged(interestShape));
    expect(en.results.length).toBeGreaterThanOrEqual(5);
    const nl = expectOk(await c.get('/interests', { headers: { 'Accept-Language': 'nl' }, prefix: '/api/v1' }), 200, paged(interestShape));
    expect(nl.results.map((i) => i.id)).toEqual(en.results.map((i) => i.id));
    expect(nl.results.some((i, k) => i.name !== en.results[k].name)).toBe(true);
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.get('/interests'), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).get('/interests'), 403, 'forbidden');
  });
});

describe('PUT /application-users/me/interests', () => {
  test('saves the chosen ids and bumps edit_version; an empty list clears them', async () => {
    const u = await t.signUp();
    const ids = ((await u.api.get('/interests')).body.results as Interest[]).slice(0, 3).map((i) => i.id);
    const saved = expectOk(await u.api.put('/application-users/me/interests', { user_interests: ids, edit_version: u.user.edit_version }), 200, userShape);
    expect(saved.user_interests.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(saved.edit_version).toBeGreaterThan(u.user.edit_version);
    const me = await u.api.get('/application-users/me');
    expect(me.body.user_interests.map((i: Interest) => i.id).sort()).toEqual([...ids].sort());
    const cleared = expectOk(await u.api.put('/application-users/me/interests', { user_interests: [], edit_version: saved.edit_version }), 200, userShape);
    expect(cleared.user_interests).toEqual([]);
  });

  test('duplicates are saved once', async () => {
    const u = await t.signUp();
    const r = expectOk(await u.api.put('/application-users/me/interests', { user_interests: [2, 2, 2], edit_version: u.user.edit_version }), 200, userShape);
    expect(r.user_interests.map((i) => i.id)).toEqual([2]);
  });

  test('a stale edit_version → 409 edit_conflict and nothing changes', async () => {
    const u = await t.signUp();
    const v = u.user.edit_version;
    expectOk(await u.api.put('/application-users/me/interests', { user_interests: [1], edit_version: v }), 200);
    expectError(await u.api.put('/application-users/me/interests', { user_interests: [2, 3], edit_version: v }), 409, 'edit_conflict');
    const me = await u.api.get('/application-users/me');
    expect(me.body.user_interests.map((i: Interest) => i.id)).toEqual([1]);
    // The profile form's edit_version is stale after saving interests too.
    expectError(await u.api.put('/application-users/me', { first_name: 'A', last_name: 'B', email: u.email, country_id: 1, edit_version: v }), 409, 'edit_conflict');
  });

  test.each([
    ['unknown interest id', { user_interests: [1, 99999] }, 'user_interests'],
    ['ids as strings', { user_interests: ['1'] }, 'user_interests'],
    ['not a list', { user_interests: 1 }, 'user_interests'],
    ['missing list', {}, 'user_interests'],
  ])('%s → 422, nothing changes', async (_l, body, field) => {
    const u = await t.signUp();
    const e = expectError(await u.api.put('/application-users/me/interests', { edit_version: u.user.edit_version, ...body }), 422);
    expect(e.violations?.map((v) => v.property_path.split('.')[0])).toContain(field);
    const me = await u.api.get('/application-users/me');
    expect(me.body.user_interests).toEqual([]);
    expect(me.body.edit_version).toBe(u.user.edit_version);
  });

  test('malformed JSON → 4xx; visitor → 403', async () => {
    const u = await t.signUp();
    expectClientError(await u.api.put('/application-users/me/interests', undefined, { raw: '{"user_interests":[1,', contentType: 'application/json' }));
    expectError(await t.api(await t.visitorToken()).put('/application-users/me/interests', { user_interests: [1], edit_version: 1 }), 403, 'forbidden');
  });
});
