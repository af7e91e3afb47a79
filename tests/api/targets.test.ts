/** The user's reward targets: GET/POST/DELETE /application-users/targets and their rules. */
import { describe, expect, test } from 'vitest';
import type { TargetItem } from '../../server/contract/types.ts';
import { DEMO, useServer, type SignedUp } from './support/harness.ts';
import { expectClientError, expectError, expectOk, paged, targetItemShape } from './support/shapes.ts';

const t = useServer();
// Seeded projects: 1 REWILDING and 2 Forest Corridors are not social; 3 School Meals, 4 Clean Water Wells and
// 8 Girls Learn are social; 14 is not eligible for loyalty.
const NOT_SOCIAL_A = 1;
const NOT_SOCIAL_B = 2;
const SOCIAL_A = 3;
const SOCIAL_B = 4;
const INELIGIBLE = 14;

const targetIds = async (u: SignedUp) =>
  ((await u.api.get('/application-users/targets', { query: { limit: 100, offset: 0 } })).body.results as TargetItem[]).map((x) => x.target.id);
const add = (u: SignedUp, id: unknown) => u.api.post('/application-users/targets', { target_id: id });

function expectTargetError(r: Awaited<ReturnType<typeof add>>, code: string) {
  const e = expectError(r, 422, code);
  expect(e.violations).toEqual([expect.objectContaining({ property_path: 'target_id', message: code })]);
}

describe('GET /application-users/targets', () => {
  test('the demo user has two targets, at least one social', async () => {
    const list = expectOk(await t.api(await t.userToken()).get('/application-users/targets', { query: { limit: 100, offset: 0 } }), 200, paged(targetItemShape));
    expect(list.results).toHaveLength(2);
    expect(list.metadata.total).toBe(2);
    expect(list.results.some((x) => x.target.social)).toBe(true);
  });

  test('a new user has none', async () => {
    const u = await t.signUp();
    expectOk(await u.api.get('/application-users/targets'), 200, paged(targetItemShape));
    expect(await targetIds(u)).toEqual([]);
  });
});

describe('POST /application-users/targets', () => {
  test('201 with the target item; adding the same one again is a 200 no-op with the same item', async () => {
    const u = await t.signUp();
    const first = expectOk(await add(u, SOCIAL_A), 201, targetItemShape);
    expect(first.target.id).toBe(SOCIAL_A);
    const again = expectOk(await add(u, SOCIAL_A), 200, targetItemShape);
    expect(again.id).toBe(first.id);
    expect(await targetIds(u)).toEqual([SOCIAL_A]);
  });

  test('never more than two: a third → 422 max_two_targets, nothing changes', async () => {
    const u = await t.signUp();
    expectOk(await add(u, SOCIAL_A), 201);
    expectOk(await add(u, SOCIAL_B), 201);
    expectTargetError(await add(u, NOT_SOCIAL_A), 'max_two_targets');
    expectTargetError(await add(u, 8), 'max_two_targets');
    expect((await targetIds(u)).sort()).toEqual([SOCIAL_A, SOCIAL_B]);
    // Re-adding one of the two is still a no-op success.
    expectOk(await add(u, SOCIAL_B), 200);
  });

  test('two non-social targets → 422 at_least_one_should_be_social; a social one can join a non-social one', async () => {
    const u = await t.signUp();
    expectOk(await add(u, NOT_SOCIAL_A), 201);
    expectTargetError(await add(u, NOT_SOCIAL_B), 'at_least_one_should_be_social');
    expect(await targetIds(u)).toEqual([NOT_SOCIAL_A]);
    expectOk(await add(u, SOCIAL_A), 201);
    expect((await targetIds(u)).sort()).toEqual([NOT_SOCIAL_A, SOCIAL_A]);
  });

  test('a non-social target can join a social one', async () => {
    const u = await t.signUp();
    expectOk(await add(u, SOCIAL_A), 201);
    expectOk(await add(u, NOT_SOCIAL_B), 201);
  });

  test('unknown or ineligible project → 422 loyalty_project_not_found', async () => {
    const u = await t.signUp();
    expectTargetError(await add(u, 999999), 'loyalty_project_not_found');
    expectTargetError(await add(u, INELIGIBLE), 'loyalty_project_not_found');
    expect(await targetIds(u)).toEqual([]);
  });

  test.each([
    ['a string id', { target_id: '3' }],
    ['missing', {}],
    ['null', { target_id: null }],
    ['fractional', { target_id: 3.5 }],
    ['an object', { target_id: { id: 3 } }],
  ])('bad input (%s) → 422 on target_id, nothing stored', async (_l, body) => {
    const u = await t.signUp();
    const e = expectError(await u.api.post('/application-users/targets', body), 422);
    expect(e.violations?.map((v) => v.property_path)).toContain('target_id');
    expect(await targetIds(u)).toEqual([]);
  });

  test('malformed JSON → 400 in the error shape', async () => {
    const u = await t.signUp();
    expectClientError(await u.api.post('/application-users/targets', undefined, { raw: '{"target_id": 3', contentType: 'application/json' }));
  });
});

describe('DELETE /application-users/targets', () => {
  test('204 with a JSON body or ?target_id=; idempotent', async () => {
    const u = await t.signUp();
    await add(u, SOCIAL_A);
    await add(u, NOT_SOCIAL_A);
    const r = await u.api.delete('/application-users/targets', { target_id: NOT_SOCIAL_A });
    expect(r.status).toBe(204);
    expect(await targetIds(u)).toEqual([SOCIAL_A]);
    expect((await u.api.delete('/application-users/targets', { target_id: NOT_SOCIAL_A })).status).toBe(204);
    expect((await u.api.delete('/application-users/targets', undefined, { query: { target_id: SOCIAL_A }, prefix: '/api/v1' })).status).toBe(204);
    expect(await targetIds(u)).toEqual([]);
    expect((await u.api.delete('/application-users/targets', { target_id: 999999 })).status).toBe(204);
  });

  test('after removing one of two, another can be added', async () => {
    const u = await t.signUp();
    await add(u, SOCIAL_A);
    await add(u, SOCIAL_B);
    await u.api.delete('/application-users/targets', { target_id: SOCIAL_B });
    expectOk(await add(u, NOT_SOCIAL_A), 201);
  });

  test('bad input → 4xx; nothing removed', async () => {
    const u = await t.signUp();
    await add(u, SOCIAL_A);
    expectError(await u.api.delete('/application-users/targets', {}), 422);
    expectError(await u.api.delete('/application-users/targets', { target_id: 'all' }), 422);
    expectError(await u.api.delete('/application-users/targets', undefined, { query: { target_id: '1 OR 1=1' } }), 422);
    expectClientError(await u.api.delete('/application-users/targets', undefined, { raw: '{', contentType: 'application/json' }));
    expect(await targetIds(u)).toEqual([SOCIAL_A]);
  });
});

describe('authorization', () => {
  test('one user\'s target changes never touch another\'s', async () => {
    const demo = t.api(await t.userToken(DEMO.email, DEMO.password));
    const before = (await demo.get('/application-users/targets')).body;
    const u = await t.signUp();
    for (const id of before.results.map((x: TargetItem) => x.target.id)) {
      expect((await u.api.delete('/application-users/targets', { target_id: id })).status).toBe(204);
    }
    await add(u, SOCIAL_B);
    expect((await demo.get('/application-users/targets')).body).toEqual(before);
  });

  test('no token → 401; visitor → 403 on all three', async () => {
    const v = t.api(await t.visitorToken());
    expectError(await t.anon.get('/application-users/targets'), 401, 'unauthorized');
    expectError(await v.get('/application-users/targets'), 403, 'forbidden');
    expectError(await v.post('/application-users/targets', { target_id: 3 }), 403, 'forbidden');
    expectError(await v.delete('/application-users/targets', { target_id: 3 }), 403, 'forbidden');
  });
});
