/** Users: sign up, me (GET/PUT with edit_version), DELETE me, reset password. */
import { describe, expect, test } from 'vitest';
import { DEMO, NL_COUNTRY_ID, uniqueEmail, useServer } from './support/harness.ts';
import { expectClientError, expectError, expectOk, userShape, violationPaths } from './support/shapes.ts';
import type { Transaction } from '../../server/contract/types.ts';
import { REFERRAL_BONUS_MAX, REFERRAL_BONUS_POINTS, SIGNUP_BONUS_POINTS } from '../../server/routes/users.ts';

const t = useServer();

const signUpBody = (over: Record<string, unknown> = {}) => {
  const email = uniqueEmail('signup');
  return {
    first_name: 'Anna',
    last_name: 'de Wit',
    email,
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
    country_id: NL_COUNTRY_ID,
    currency: 'EUR',
    referrer_code: null,
    ...over,
  };
};

async function visitor() {
  return t.api(await t.visitorToken());
}

describe('POST /application-users (sign up)', () => {
  test('201 with the user; the new account can sign in', async () => {
    const body = signUpBody();
    const r = await (await visitor()).post('/application-users', body);
    const user = expectOk(r, 201, userShape);
    expect(user).toMatchObject({ email: body.email, first_name: 'Anna', last_name: 'de Wit', currency: 'EUR' });
    expect(user.country).toMatchObject({ id: NL_COUNTRY_ID, alpha2: 'NL', alpha3: 'NLD', currency: 'EUR' });
    expect(user.ambassador_link).toContain(user.ambassador_code);
    // Addition: when the account was made (My Impact pages no further back).
    expect(Math.abs(Date.parse(user.created_at) - Date.now())).toBeLessThan(60_000);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('password_hash');
    const tok = await t.login(body.email, body.password);
    const me = expectOk(await t.api(tok.access_token).get('/application-users/me'), 200, userShape);
    expect(me.id).toBe(user.id);
  });

  test('works without any token too, and the email is stored trimmed and lower-cased', async () => {
    const email = uniqueEmail('Mixed.Case');
    const r = await t.anon.post('/application-users', signUpBody({ email: `  ${email.toUpperCase()} ` }));
    const user = expectOk(r, 201, userShape);
    expect(user.email).toBe(email.toLowerCase());
  });

  test('a referrer_code of an existing ambassador is kept; an unknown one is ignored', async () => {
    const demo = await t.api(await t.userToken()).get('/application-users/me');
    const code: string = demo.body.ambassador_code;
    const withRef = expectOk(await t.anon.post('/application-users', signUpBody({ referrer_code: code.toLowerCase() })), 201, userShape);
    expect(withRef.referrer_code).toBe(code);
    const unknown = expectOk(await t.anon.post('/application-users', signUpBody({ referrer_code: 'ZZZZ9' })), 201, userShape);
    expect(unknown.referrer_code).toBeNull();
  });

  test('joining with an invite books the promised bonus for both: a referral transaction each, once', async () => {
    // A fresh ambassador, so the count below is theirs alone.
    const ambBody = signUpBody();
    const amb = expectOk(await t.anon.post('/application-users', ambBody), 201, userShape);
    const ambApi = t.api((await t.login(ambBody.email, ambBody.password)).access_token);
    const friendBody = signUpBody({ referrer_code: amb.ambassador_code });
    expectOk(await t.anon.post('/application-users', friendBody), 201, userShape);
    const friendApi = t.api((await t.login(friendBody.email, friendBody.password)).access_token);
    const referrals = async (api: typeof ambApi) =>
      ((await api.get('/user-loyalty-transactions', { query: { limit: 100, offset: 0 } })).body.results as Transaction[])
        .filter((x) => x.type.name === 'referral')
        .map((x) => x.debit_amount.amount);
    expect(await referrals(friendApi)).toEqual([REFERRAL_BONUS_POINTS]);
    expect(await referrals(ambApi)).toEqual([REFERRAL_BONUS_POINTS]);
    const me = (await friendApi.get('/application-users/me')).body;
    expect(me.loyalty_account.amount.amount).toBe(SIGNUP_BONUS_POINTS + REFERRAL_BONUS_POINTS);
    // A sign-up without a code, or with an unknown one, books no referral for anyone.
    const plainBody = signUpBody({ referrer_code: 'ZZZZ9' });
    expectOk(await t.anon.post('/application-users', plainBody), 201);
    expect(await referrals(t.api((await t.login(plainBody.email, plainBody.password)).access_token))).toEqual([]);
    expect(await referrals(ambApi)).toHaveLength(1);
  });

  test('an ambassador’s bonuses stop after REFERRAL_BONUS_MAX friends; the friends still get theirs', async () => {
    const ambBody = signUpBody();
    const amb = expectOk(await t.anon.post('/application-users', ambBody), 201, userShape);
    const { rows } = await t.server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [ambBody.email]);
    // As if the cap's worth of friends had joined already.
    await t.server.db.query(
      `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount)
       SELECT $1, (SELECT id FROM transaction_types WHERE name = 'referral'), 'in', (SELECT id FROM loyalty_accounts WHERE user_id = $1),
              (SELECT id FROM loyalty_accounts WHERE system_key = 'rewards'), 1
         FROM generate_series(1, $2)`,
      [rows[0].id, REFERRAL_BONUS_MAX],
    );
    const friendBody = signUpBody({ referrer_code: amb.ambassador_code });
    expectOk(await t.anon.post('/application-users', friendBody), 201);
    const count = await t.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM loyalty_transactions WHERE user_id = $1 AND type_id = (SELECT id FROM transaction_types WHERE name = 'referral')`,
      [rows[0].id],
    );
    expect(count.rows[0].n).toBe(REFERRAL_BONUS_MAX);
    const friend = t.api((await t.login(friendBody.email, friendBody.password)).access_token);
    expect((await friend.get('/application-users/me')).body.loyalty_account.amount.amount).toBe(SIGNUP_BONUS_POINTS + REFERRAL_BONUS_POINTS);
  });

  test.each([
    ['invalid email', { email: 'not-an-email' }, 'email', 'invalid_email'],
    ['password shorter than 8', { password: 'short', password_confirmation: 'short' }, 'password', 'too_short'],
    ['confirmation mismatch', { password_confirmation: 'something-else' }, 'password_confirmation', 'not_equal'],
    ['unknown country', { country_id: 999 }, 'country_id', undefined],
  ])('%s → 422 with a violation on that field', async (_label, over, field, code) => {
    const r = await t.anon.post('/application-users', signUpBody(over));
    const e = expectError(r, 422);
    const v = e.violations?.find((x) => x.property_path === field);
    expect(v, JSON.stringify(e)).toBeDefined();
    if (code) expect(v!.code).toBe(code);
  });

  test('a duplicate email (any case) → 422 violation on email with code email_already_exists; nothing is created', async () => {
    const first = signUpBody();
    expectOk(await t.anon.post('/application-users', first), 201);
    const again = await t.anon.post('/application-users', signUpBody({ email: first.email.toUpperCase(), first_name: 'Other' }));
    const e = expectError(again, 422);
    expect(e.violations).toEqual(expect.arrayContaining([expect.objectContaining({ property_path: 'email', code: 'email_already_exists' })]));
    const { rows } = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [first.email]);
    expect(rows[0].n).toBe(1);
    // The original password still works: the duplicate did not overwrite anything.
    await t.login(first.email, first.password);
  });

  test('the demo email is taken', async () => {
    const e = expectError(await t.anon.post('/application-users', signUpBody({ email: DEMO.email })), 422);
    expect(e.violations?.find((v) => v.property_path === 'email')?.code).toBe('email_already_exists');
  });

  test('every missing field is reported at once', async () => {
    const e = expectError(await t.anon.post('/application-users', {}), 422, 'validation_error');
    expect(violationPaths(e)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'password', 'password_confirmation', 'country_id']),
    );
  });

  test.each([
    ['number as name', { first_name: 123 }],
    ['array as email', { email: ['a@b.cd'] }],
    ['string country id', { country_id: '1' }],
    ['fractional country id', { country_id: 1.5 }],
    ['numeric passwords', { password: 12345678, password_confirmation: 12345678 }],
    ['blank name', { first_name: '   ' }],
    ['10 000 character name', { first_name: 'x'.repeat(10_000) }],
    ['object as referrer code', { referrer_code: { $ne: null } }],
  ])('wrong types or values (%s) → 422, nothing created', async (_label, over) => {
    const body = signUpBody(over);
    expectError(await t.anon.post('/application-users', body), 422, 'validation_error');
    if (typeof body.email === 'string') {
      const { rows } = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [body.email]);
      expect(rows[0].n).toBe(0);
    }
  });

  test('malformed JSON and non-object bodies → 4xx in the error shape', async () => {
    for (const raw of ['{"first_name": ', '[]', '42', '"text"', 'null', '{"a":1}{"b":2}']) {
      expectClientError(await t.anon.post('/application-users', undefined, { raw, contentType: 'application/json' }));
    }
  });

  test('HTML and SQL in names are stored and returned verbatim, and break nothing', async () => {
    const first = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;
    const last = `Robert'); DROP TABLE users;-- "quoted" \\ %_`;
    const body = signUpBody({ first_name: first, last_name: last });
    const user = expectOk(await t.anon.post('/application-users', body), 201, userShape);
    expect(user.first_name).toBe(first);
    expect(user.last_name).toBe(last);
    const tok = await t.login(body.email, body.password);
    const me = expectOk(await t.api(tok.access_token).get('/application-users/me'), 200, userShape);
    expect(me.first_name).toBe(first);
    expect(me.last_name).toBe(last);
    // The users table is still there and everyone else is fine.
    expect((await t.api(await t.userToken()).get('/application-users/me')).status).toBe(200);
  });

  test('a body over the size limit → 413 in the error shape', async () => {
    const r = await t.anon.post('/application-users', signUpBody({ first_name: 'x'.repeat(200 * 1024) }));
    expectError(r, 413);
  });
});

describe('GET /application-users/me', () => {
  test('the demo user with country, interests and a loyalty account', async () => {
    const me = expectOk(await t.api(await t.userToken()).get('/application-users/me'), 200, userShape);
    expect(me.email).toBe(DEMO.email);
    expect(me.country?.alpha3).toBe('NLD');
    expect(me.user_interests.length).toBeGreaterThan(0);
    expect(me.loyalty_account.amount.amount).toBeGreaterThan(0);
    expect(me.loyalty_account.detailed.points_earned).toBeGreaterThanOrEqual(me.loyalty_account.detailed.points_cleared);
  });

  test('no token → 401; a garbage token → 401; a visitor token → 403', async () => {
    expectError(await t.anon.get('/application-users/me'), 401, 'unauthorized');
    expectError(await t.api('garbage-token').get('/application-users/me'), 401, 'unauthorized');
    expectError(await t.anon.get('/application-users/me', { headers: { Authorization: 'Basic Zm9vOmJhcg==' } }), 401, 'unauthorized');
    expectError(await t.anon.get('/application-users/me', { headers: { Authorization: `Bearer ${'a'.repeat(5000)}` } }), 401);
    expectError(await (await visitor()).get('/application-users/me'), 403, 'forbidden');
  });
});

describe('PUT /application-users/me', () => {
  test('updates the profile and bumps edit_version', async () => {
    const u = await t.signUp();
    const r = await u.api.put('/application-users/me', {
      first_name: 'Bea',
      last_name: 'Visser',
      email: u.email,
      country_id: NL_COUNTRY_ID,
      currency: 'EUR',
      edit_version: u.user.edit_version,
    });
    const me = expectOk(r, 200, userShape);
    expect(me).toMatchObject({ first_name: 'Bea', last_name: 'Visser', email: u.email });
    expect(me.edit_version).toBeGreaterThan(u.user.edit_version);
    const again = expectOk(await u.api.get('/application-users/me'), 200, userShape);
    expect(again).toMatchObject({ first_name: 'Bea', last_name: 'Visser', edit_version: me.edit_version });
  });

  test('a stale edit_version → 409 edit_conflict and nothing is written', async () => {
    const u = await t.signUp();
    const v = u.user.edit_version;
    const base = { last_name: 'X', email: u.email, country_id: NL_COUNTRY_ID };
    expectOk(await u.api.put('/application-users/me', { ...base, first_name: 'First', edit_version: v }), 200);
    // A second client still holding the old version.
    const r = await u.api.put('/application-users/me', { ...base, first_name: 'Second', edit_version: v });
    expectError(r, 409, 'edit_conflict');
    const me = await u.api.get('/application-users/me');
    expect(me.body.first_name).toBe('First');
    expect(me.body.edit_version).toBe(v + 1);
  });

  test('changing the email to another account\'s → 422 email_already_exists; the sign-in email can change', async () => {
    const u = await t.signUp();
    const taken = await u.api.put('/application-users/me', {
      first_name: 'A', last_name: 'B', email: DEMO.email, country_id: NL_COUNTRY_ID, edit_version: u.user.edit_version,
    });
    const e = expectError(taken, 422);
    expect(e.violations?.find((v) => v.property_path === 'email')?.code).toBe('email_already_exists');
    const newEmail = uniqueEmail('moved');
    expectOk(await u.api.put('/application-users/me', {
      first_name: 'A', last_name: 'B', email: newEmail, country_id: NL_COUNTRY_ID, edit_version: u.user.edit_version,
    }), 200);
    await t.login(newEmail, u.password);
    expectError(await t.token({ grant_type: 'password', username: u.email, password: u.password }), 400, 'invalid_grant');
  });

  test.each([
    [{ email: 'nope' }, 'email'],
    [{ first_name: '' }, 'first_name'],
    [{ country_id: 4242 }, 'country_id'],
    [{ edit_version: undefined }, 'edit_version'],
    [{ edit_version: 'one' }, 'edit_version'],
    [{ profile_photo_id: 'abc' }, 'profile_photo_id'],
    [{ profile_photo_id: 987654 }, 'profile_photo_id'],
  ])('bad input %j → 422 naming %s, nothing written', async (over, field) => {
    const u = await t.signUp();
    const body = { first_name: 'Changed', last_name: 'Changed', email: u.email, country_id: NL_COUNTRY_ID, edit_version: u.user.edit_version, ...over };
    const e = expectError(await u.api.put('/application-users/me', body), 422);
    expect(violationPaths(e)).toContain(field);
    const me = await u.api.get('/application-users/me');
    expect(me.body.first_name).toBe('Test');
    expect(me.body.edit_version).toBe(u.user.edit_version);
  });

  test('malformed JSON → 4xx in the error shape', async () => {
    const u = await t.signUp();
    expectClientError(await u.api.put('/application-users/me', undefined, { raw: '{"first_name":', contentType: 'application/json' }));
  });

  test('a visitor cannot update a profile', async () => {
    expectError(await (await visitor()).put('/application-users/me', { first_name: 'x' }), 403, 'forbidden');
    expectError(await t.anon.put('/application-users/me', { first_name: 'x' }), 401, 'unauthorized');
  });
});

describe('DELETE /application-users/me', () => {
  test('204; the tokens stop working, sign-in fails, personal data is gone, the email can register again', async () => {
    const u = await t.signUp();
    await u.api.post('/corporate-partners/1/favorite');
    await u.api.post('/application-users/targets', { target_id: 3 });
    const uid = u.user.id;
    const r = await u.api.delete('/application-users/me');
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expectError(await u.api.get('/application-users/me'), 401, 'unauthorized');
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: u.refresh }), 400, 'invalid_grant');
    expectError(await t.token({ grant_type: 'password', username: u.email, password: u.password }), 400, 'invalid_grant');
    for (const table of ['users', 'favorites', 'user_targets', 'access_tokens', 'refresh_tokens']) {
      const col = table === 'users' ? 'id' : 'user_id';
      const { rows } = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${col} = $1`, [uid]);
      expect(rows[0].n, table).toBe(0);
    }
    // Re-opening yields a new account.
    const again = expectOk(await t.anon.post('/application-users', signUpBody({ email: u.email })), 201, userShape);
    expect(again.id).not.toBe(uid);
  });

  test('deleting one account leaves other users untouched', async () => {
    const demo = t.api(await t.userToken());
    const before = await demo.get('/corporate-partners/favorites', { query: { limit: 200 } });
    const u = await t.signUp();
    await u.api.post('/corporate-partners/1/favorite');
    expect((await u.api.delete('/application-users/me')).status).toBe(204);
    const after = await demo.get('/corporate-partners/favorites', { query: { limit: 200 } });
    expect(after.body.metadata.total).toBe(before.body.metadata.total);
  });

  test('works under /api/v1 too; a visitor cannot delete anything', async () => {
    expectError(await (await visitor()).delete('/application-users/me', undefined, { prefix: '/api/v1' }), 403, 'forbidden');
    expectError(await t.anon.delete('/application-users/me', undefined, { prefix: '/api/v1' }), 401, 'unauthorized');
    const u = await t.signUp();
    expect((await u.api.delete('/application-users/me', undefined, { prefix: '/api/v1' })).status).toBe(204);
  });
});

describe('POST /reset-password/{email}', () => {
  test('always 200 {} whether or not the account exists (visitor token or none)', async () => {
    const v = await visitor();
    const known = await v.post(`/reset-password/${encodeURIComponent(DEMO.email)}`);
    const unknown = await v.post(`/reset-password/${encodeURIComponent('nobody-at-all@example.test')}`);
    const garbage = await t.anon.post(`/reset-password/${encodeURIComponent("not an email'; DROP TABLE users;--")}`);
    for (const r of [known, unknown, garbage]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({});
    }
    expect((await t.api(await t.userToken()).get('/application-users/me')).status).toBe(200);
  });
});
