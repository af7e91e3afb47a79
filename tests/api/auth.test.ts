/** POST /oauth/v2/token: password, refresh_token and client_credentials grants; throttling; rotation. */
import { describe, expect, test } from 'vitest';
import { DEMO, DEMO2, useServer } from './support/harness.ts';
import { expectError, expectOk, tokenShape, userShape } from './support/shapes.ts';

const t = useServer();

describe('password grant', () => {
  test('JSON body: a bearer access token (~15 min) and a refresh token, not cacheable', async () => {
    const r = await t.token({ grant_type: 'password', username: DEMO.email, password: DEMO.password, client_id: 'web', client_secret: 'x', scope: 'ios' });
    const body = expectOk(r, 200, tokenShape);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.expires_in).toBeGreaterThanOrEqual(300);
    expect(body.expires_in).toBeLessThanOrEqual(3600);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const me = expectOk(await t.api(body.access_token).get('/application-users/me'), 200, userShape);
    expect(me.email).toBe(DEMO.email);
  });

  test('form-urlencoded body works the same, and the username is case-insensitive', async () => {
    const form = new URLSearchParams({ grant_type: 'password', username: '  DEMO@SocialPay.test ', password: DEMO.password, scope: 'ios' });
    const r = await t.anon.post('/oauth/v2/token', undefined, { raw: form.toString(), contentType: 'application/x-www-form-urlencoded' });
    const body = expectOk(r, 200, tokenShape);
    const me = await t.api(body.access_token).get('/application-users/me');
    expect(me.body.email).toBe(DEMO.email);
  });

  test('every sign-in issues different tokens', async () => {
    const a = await t.login();
    const b = await t.login();
    expect(a.access_token).not.toBe(b.access_token);
    expect(a.refresh_token).not.toBe(b.refresh_token);
  });

  test('a wrong password is 400 invalid_grant with an error_description', async () => {
    const u = await t.signUp();
    const r = await t.token({ grant_type: 'password', username: u.email, password: 'not-the-password' });
    const e = expectError(r, 400, 'invalid_grant');
    expect(e.error_description.length).toBeGreaterThan(5);
  });

  test('an unknown user answers exactly like a wrong password (no account enumeration)', async () => {
    const u = await t.signUp();
    const wrong = await t.token({ grant_type: 'password', username: u.email, password: 'wrong-password' });
    const unknown = await t.token({ grant_type: 'password', username: 'nobody-here@example.test', password: 'wrong-password' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  test.each([
    [{ grant_type: 'password', password: 'x' }, 'username'],
    [{ grant_type: 'password', username: DEMO.email }, 'password'],
    [{ grant_type: 'password', username: DEMO.email, password: '' }, 'password'],
    [{ grant_type: 'password', username: 42, password: DEMO.password }, 'username'],
    [{ grant_type: 'refresh_token' }, 'refresh_token'],
  ])('missing or wrong-typed fields %j → 400 invalid_request naming %s', async (body, field) => {
    const e = expectError(await t.token(body), 400, 'invalid_request');
    expect(e.violations?.map((v) => v.property_path)).toContain(field);
  });

  test('no grant_type → 400 invalid_request; an unknown grant type → 400 unsupported_grant_type', async () => {
    expectError(await t.token({ username: DEMO.email, password: DEMO.password }), 400, 'invalid_request');
    expectError(await t.token({ grant_type: 'authorization_code', code: 'abc' }), 400, 'unsupported_grant_type');
    expectError(await t.token({ grant_type: ['password'] }), 400);
  });

  test('malformed JSON, a JSON array or a JSON string → 400 in the error shape', async () => {
    for (const raw of ['{"grant_type": "password",', '[1,2]', '"password"', 'null']) {
      const r = await t.anon.post('/oauth/v2/token', undefined, { raw, contentType: 'application/json' });
      expectError(r, 400);
    }
  });
});

describe('sign-in throttling (per account)', () => {
  test('after 5 failures the account answers 429 with Retry-After, even for the right password; other accounts are unaffected', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 5; i++) {
      expectError(await t.token({ grant_type: 'password', username: u.email, password: `wrong-${i}` }), 400, 'invalid_grant');
    }
    const locked = await t.token({ grant_type: 'password', username: u.email, password: 'wrong-again' });
    expectError(locked, 429, 'too_many_requests');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password does not get through while locked.
    expectError(await t.token({ grant_type: 'password', username: u.email, password: u.password }), 429, 'too_many_requests');
    // Case variants of the email share the same counter.
    expectError(await t.token({ grant_type: 'password', username: u.email.toUpperCase(), password: u.password }), 429, 'too_many_requests');
    // Another account still signs in.
    expect((await t.login(DEMO2.email, DEMO2.password)).access_token).toEqual(expect.any(String));
    // Tokens issued before the lock keep working.
    expect((await u.api.get('/application-users/me')).status).toBe(200);
  });

  test('40 wrong passwords sent at once: only 5 are checked, the rest answer 429', async () => {
    const u = await t.signUp();
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.token({ grant_type: 'password', username: u.email, password: `wrong-${i}` })),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    for (const r of all.filter((x) => x.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('the right password inside a burst of wrong ones is refused once the burst has used up the attempts', async () => {
    const u = await t.signUp();
    let checked = 0; // wrong passwords the server has hashed and answered 400
    const burst = Array.from({ length: 20 }, (_, i) =>
      t.token({ grant_type: 'password', username: u.email, password: `wrong-${i}` }).then((r) => {
        if (r.status === 400) checked++;
        return r;
      }),
    );
    // Wait until the burst has used up the attempts in the database: counted before hashing, that is
    // at once; counted after hashing (the old bug), only once five answers have come back.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await t.server.db.query<{ failures: number }>('SELECT failures FROM sign_in_throttle WHERE email_key = $1', [u.email]);
      if ((rows[0]?.failures ?? 0) > 5 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(checked, 'the attempts were used up before their passwords were checked').toBeLessThan(5);
    const right = await t.token({ grant_type: 'password', username: u.email, password: u.password });
    await Promise.all(burst);
    expectError(right, 429, 'too_many_requests');
  });

  test('a success before the limit resets the failure count', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 4; i++) await t.token({ grant_type: 'password', username: u.email, password: `wrong-${i}` });
    await t.login(u.email, u.password);
    for (let i = 0; i < 4; i++) {
      expectError(await t.token({ grant_type: 'password', username: u.email, password: `wrong-${i}` }), 400, 'invalid_grant');
    }
    await t.login(u.email, u.password);
  });
});

describe('refresh_token grant: rotation and reuse detection', () => {
  test('a refresh gives a new access token and a new refresh token; both old and new access tokens of the live session work', async () => {
    const first = await t.login();
    const r = await t.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'web', scope: 'ios' });
    const next = expectOk(r, 200, tokenShape);
    expect(next.refresh_token).toEqual(expect.any(String));
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.access_token).not.toBe(first.access_token);
    expect((await t.api(next.access_token).get('/application-users/me')).status).toBe(200);
  });

  test('a chain of refreshes keeps working (each refresh token once)', async () => {
    let tok = await t.login(DEMO2.email, DEMO2.password);
    for (let i = 0; i < 3; i++) {
      tok = expectOk(await t.token({ grant_type: 'refresh_token', refresh_token: tok.refresh_token }), 200, tokenShape) as typeof tok;
    }
    const me = await t.api(tok.access_token).get('/application-users/me');
    expect(me.body.email).toBe(DEMO2.email);
  });

  test('reusing a rotated refresh token → 400 invalid_grant and revokes the whole family (its refresh and access tokens)', async () => {
    const u = await t.signUp();
    const a = await t.login(u.email, u.password);
    const b = expectOk(await t.token({ grant_type: 'refresh_token', refresh_token: a.refresh_token }), 200, tokenShape);
    // Replay of the old one (what a thief would do).
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: a.refresh_token }), 400, 'invalid_grant');
    // The legitimate newer refresh token is revoked too...
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: b.refresh_token! }), 400, 'invalid_grant');
    // ...and so are the access tokens of the family.
    expectError(await t.api(b.access_token).get('/application-users/me'), 401, 'unauthorized');
    expectError(await t.api(a.access_token).get('/application-users/me'), 401, 'unauthorized');
    // Other sessions of the same user (u.token came from a separate sign-in) are unaffected.
    expect((await u.api.get('/application-users/me')).status).toBe(200);
  });

  test('an unknown refresh token → 400 invalid_grant; an access token is not a refresh token', async () => {
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) }), 400, 'invalid_grant');
    const a = await t.login();
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: a.access_token }), 400, 'invalid_grant');
  });

  test('an expired refresh token → 400 invalid_grant', async () => {
    const u = await t.signUp();
    const a = await t.login(u.email, u.password);
    const { rows } = await t.server.db.query<{ user_id: number }>(`SELECT id AS user_id FROM users WHERE email = $1`, [u.email]);
    await t.server.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [rows[0].user_id]);
    expectError(await t.token({ grant_type: 'refresh_token', refresh_token: a.refresh_token }), 400, 'invalid_grant');
  });
});

describe('client_credentials grant (visitor)', () => {
  test('a visitor token has no refresh token and reaches public calls only', async () => {
    const r = await t.token({ grant_type: 'client_credentials', client_id: 'web', client_secret: 'anything', scope: 'ios' });
    const body = expectOk(r, 200, tokenShape);
    expect(body.refresh_token).toBeUndefined();
    const visitor = t.api(body.access_token);
    expect((await visitor.get('/site/categories')).status).toBe(200);
    expectError(await visitor.get('/application-users/me'), 403, 'forbidden');
  });

  test('works without any client id or secret (public client)', async () => {
    expectOk(await t.token({ grant_type: 'client_credentials' }), 200, tokenShape);
  });
});

describe('access tokens', () => {
  test('an expired access token → 401 with WWW-Authenticate', async () => {
    const u = await t.signUp();
    const { rows } = await t.server.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [u.email]);
    await t.server.db.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [rows[0].id]);
    const r = await u.api.get('/application-users/me');
    expectError(r, 401, 'unauthorized');
    expect(r.headers.get('www-authenticate') ?? '').toMatch(/^Bearer/i);
  });

  test('tokens are stored hashed: the database never holds the token itself', async () => {
    const a = await t.login();
    const { rows } = await t.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_tokens WHERE token_hash = $1 OR token_hash LIKE $2`,
      [a.access_token, `%${a.access_token.slice(0, 20)}%`],
    );
    expect(rows[0].n).toBe(0);
  });

  test('passwords are stored as argon2id hashes', async () => {
    const u = await t.signUp();
    const { rows } = await t.server.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = $1`, [u.email]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(u.password);
  });
});
