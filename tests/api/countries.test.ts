/** GET /site/countries: public list holding the Netherlands. */
import { describe, expect, test } from 'vitest';
import { useServer } from './support/harness.ts';
import { countryShape, expectError, expectOk, paged } from './support/shapes.ts';

const t = useServer();

describe('GET /site/countries', () => {
  test('no token: the Netherlands (NL, NLD, EUR, 528)', async () => {
    const list = expectOk(await t.anon.get('/site/countries'), 200, paged(countryShape));
    expect(list.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Netherlands', alpha2: 'NL', alpha3: 'NLD', currency: 'EUR', numeric: '528' })]),
    );
    expect(list.metadata.total).toBe(list.results.length);
  });

  test('the same list for a visitor token and a user token, under both prefixes', async () => {
    const anon = await t.anon.get('/site/countries');
    const visitor = await t.api(await t.visitorToken()).get('/site/countries', { prefix: '/api/v1' });
    const user = await t.api(await t.userToken()).get('/site/countries');
    expect(visitor.status).toBe(200);
    expect(user.status).toBe(200);
    expect(visitor.body).toEqual(anon.body);
    expect(user.body).toEqual(anon.body);
  });

  test('a country id from the list is accepted at sign up', async () => {
    const list = await t.anon.get('/site/countries');
    const u = await t.signUp({ country_id: list.body.results[0].id });
    expect(u.user.country?.id).toBe(list.body.results[0].id);
  });

  test('an invalid token is still 401 on a public call (so the client refreshes)', async () => {
    expectError(await t.api('expired-or-made-up').get('/site/countries'), 401, 'unauthorized');
  });
});
