/**
 * Users: sign up, me (GET/PUT/DELETE), interests, reset password, countries, interests list.
 * PUT me and PUT me/interests use optimistic concurrency on edit_version (stale → 409, nothing written).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { requestLang } from '../http/lang.ts';
import { accountGone, HttpError } from '../http/errors.ts';
import { validationError } from '../services/errors.ts';
import { int32, pagingSchema, parseBody, parseQuery } from '../http/validate.ts';
import { BALANCE_DELTA, CLEARED, SAVED_DELTA } from '../services/points.ts';
import { uploadUrl } from '../services/uploads.ts';
import { optionalAuth, requireUser, userId } from '../http/auth.ts';
import { conditional } from '../http/cached-body.ts';
import { hashPassword } from '../auth/passwords.ts';
import { forgetUserTokens } from '../auth/tokens.ts';
import { recordInviteSignUp } from '../services/notifications.ts';
import type { Config } from '../config.ts';
import { newPassword, passwordConfirmed, personName } from '../contract/rules.ts';
import type { Country, Interest, User, Violation } from '../contract/types.ts';
import { pagedRows } from '../db/paged.ts';

export const SIGNUP_BONUS_POINTS = 500;
/** Both the friend who joins with an invite and its ambassador get this (type referral, "Ambassador"). */
export const REFERRAL_BONUS_POINTS = 500;
/** An ambassador's bonuses stop after this many friends (sign-ups are cheap to fake; the friend's stays). */
export const REFERRAL_BONUS_MAX = 50;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const name = (field: string) =>
  personName(z.string({ error: (i) => (i.input === undefined ? `${field} is required.` : `${field} must be a string.`) }), {
    blank: `${field} must not be blank.`,
    tooLong: `${field} is too long (100 characters at most).`,
  });

const email = z
  .string({ error: (i) => (i.input === undefined ? 'email is required.' : 'email must be a string.') })
  .trim()
  .toLowerCase()
  .max(254, { message: 'This email is too long.' })
  .regex(EMAIL_RE, { message: 'This value is not a valid email address.' });

const countryId = int32('country_id must be a whole number.');

export const SignUpSchema = z
  .object({
    first_name: name('first_name'),
    last_name: name('last_name'),
    email,
    password: newPassword(z.string({ error: (i) => (i.input === undefined ? 'password is required.' : 'password must be a string.') }), {
      tooShort: 'This value is too short. It should have 8 characters or more.',
      tooLong: 'This password is too long.',
    }),
    password_confirmation: z.string({
      error: (i) => (i.input === undefined ? 'password_confirmation is required.' : 'password_confirmation must be a string.'),
    }),
    country_id: countryId,
    currency: z.string().max(3).optional(),
    referrer_code: z.string().max(20).nullable().optional(),
  })
  .check(passwordConfirmed('The password confirmation does not match.'));

export const UpdateMeSchema = z.object({
  first_name: name('first_name'),
  last_name: name('last_name'),
  email,
  country_id: countryId,
  currency: z.string().max(3).optional(),
  edit_version: int32('edit_version must be a whole number.'),
  profile_photo_id: int32('profile_photo_id must be a whole number.').nullable().optional(),
});

export const InterestsSchema = z.object({
  user_interests: z.array(int32('user_interests must hold interest ids.'), { error: 'user_interests must be a list of interest ids.' }).max(100),
  edit_version: int32('edit_version must be a whole number.'),
});

const countryViolation: Violation = { property_path: 'country_id', message: 'Invalid country selected.', code: 'invalid_country' };
const emailTaken: Violation = {
  property_path: 'email',
  message: 'This email is already registered.',
  code: 'email_already_exists',
};

function ambassadorCode(): string {
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 5; i++) s += abc[randomInt(abc.length)];
  return s;
}

interface UserRow {
  id: number;
  created_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  currency: string;
  edit_version: number;
  referrer_code: string | null;
  ambassador_code: string;
  profile_photo_id: number | null;
  photo_key: string | null;
  country_id: number | null;
  c_name: string | null;
  alpha2: string | null;
  alpha3: string | null;
  c_currency: string | null;
  numeric: string | null;
  balance: number;
  earned: number;
  cleared: number;
  interests: unknown;
}

export async function loadUser(db: Db, config: Config, id: number): Promise<User> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.id, u.created_at, u.email, u.first_name, u.last_name, u.currency, u.edit_version, u.referrer_code, u.ambassador_code,
            u.profile_photo_id, f.access_key AS photo_key,
            u.country_id, c.name AS c_name, c.alpha2, c.alpha3, c.currency AS c_currency, c.numeric,
            coalesce(l.balance, 0)::int AS balance, coalesce(l.earned, 0)::int AS earned, coalesce(l.cleared, 0)::int AS cleared,
            (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name) ORDER BY i.id), '[]'::json)
               FROM user_interests ui JOIN interests i ON i.id = ui.interest_id WHERE ui.user_id = u.id) AS interests
       FROM users u
       LEFT JOIN countries c ON c.id = u.country_id
       LEFT JOIN files f ON f.id = u.profile_photo_id
       LEFT JOIN LATERAL (
         SELECT sum(${BALANCE_DELTA}) AS balance,
                sum(${SAVED_DELTA}) AS earned,
                sum(CASE WHEN ${CLEARED} THEN amount ELSE 0 END) AS cleared
           FROM loyalty_transactions t WHERE t.user_id = u.id
       ) l ON true
      WHERE u.id = $1`,
    [id],
  );
  const r = rows[0];
  // Always the caller's own account: gone only if it was deleted while this request ran.
  if (!r) throw accountGone();
  const interests = (typeof r.interests === 'string' ? JSON.parse(r.interests) : r.interests) as Interest[];
  return {
    id: r.id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    country:
      r.country_id === null
        ? null
        : { id: r.country_id, name: r.c_name!, alpha2: r.alpha2!, alpha3: r.alpha3!, currency: r.c_currency!, numeric: r.numeric! },
    currency: r.currency,
    profile_photo: r.profile_photo_id !== null && r.photo_key ? { id: r.profile_photo_id, url: uploadUrl(r.profile_photo_id, r.photo_key) } : null,
    edit_version: r.edit_version,
    referrer_code: r.referrer_code,
    ambassador_code: r.ambassador_code,
    ambassador_link: `${config.publicUrl}/invite/${r.ambassador_code}`,
    created_at: new Date(r.created_at).toISOString(),
    user_interests: interests,
    loyalty_account: {
      amount: { amount: r.balance, currency: 'PTS' },
      detailed: { points_earned: r.earned, points_cleared: r.cleared },
    },
  };
}

async function countryExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM countries WHERE id = $1', [id])).rows.length > 0;
}

function isUniqueViolation(err: unknown, constraintPart: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && ((e.constraint ?? '').includes(constraintPart) || (e.message ?? '').includes(constraintPart));
}

export const InterestsQuery = z.object({ ...pagingSchema(100, 200) });

export function userRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/site/countries', optionalAuth, conditional, async (c) => {
    const { rows } = await c.var.db.query<Country>('SELECT id, name, alpha2, alpha3, currency, numeric FROM countries ORDER BY name');
    return c.json({ results: rows, metadata: { total: rows.length, limit: rows.length, offset: 0 } });
  });

  r.post('/application-users', optionalAuth, async (c) => {
    const { db, config } = c.var;
    const body = await parseBody(c, SignUpSchema);
    const violations: Violation[] = [];
    if (!(await countryExists(db, body.country_id))) violations.push(countryViolation);
    const taken = (await db.query('SELECT 1 FROM users WHERE email = $1', [body.email])).rows.length > 0;
    if (taken) violations.push(emailTaken);
    if (violations.length) throw validationError(violations);
    const passwordHash = await hashPassword(body.password);
    let referrer: string | null = null;
    if (body.referrer_code && /^[A-Za-z0-9]{5}$/.test(body.referrer_code)) {
      const ref = await db.query<{ ambassador_code: string }>('SELECT ambassador_code FROM users WHERE upper(ambassador_code) = upper($1)', [
        body.referrer_code,
      ]);
      referrer = ref.rows[0]?.ambassador_code ?? null;
    }
    let id: number | null = null;
    for (let attempt = 0; attempt < 5 && id === null; attempt++) {
      try {
        id = await db.transaction(async (tx) => {
          const ins = await tx.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, first_name, last_name, country_id, currency, referrer_code, ambassador_code)
             VALUES ($1, $2, $3, $4, $5, 'EUR', $6, $7) RETURNING id`,
            [body.email, passwordHash, body.first_name, body.last_name, body.country_id, referrer, ambassadorCode()],
          );
          const uid = ins.rows[0].id;
          await tx.query('INSERT INTO loyalty_accounts (user_id) VALUES ($1)', [uid]);
          const bonus = (user: number, type: 'signup' | 'referral', points: number) =>
            tx.query(
              `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount)
               SELECT $1, (SELECT id FROM transaction_types WHERE name = $2), 'in', (SELECT id FROM loyalty_accounts WHERE user_id = $1),
                      (SELECT id FROM loyalty_accounts WHERE system_key = 'rewards'), $3`,
              [user, type, points],
            );
          await bonus(uid, 'signup', SIGNUP_BONUS_POINTS);
          if (referrer) {
            // The invite's promise ("when they join, you both earn points"), booked with the account.
            await bonus(uid, 'referral', REFERRAL_BONUS_POINTS);
            const owner = await tx.query<{ id: number; earned: number }>(
              `SELECT u.id, (SELECT count(*)::int FROM loyalty_transactions t WHERE t.user_id = u.id
                              AND t.type_id = (SELECT id FROM transaction_types WHERE name = 'referral')) AS earned
                 FROM users u WHERE u.ambassador_code = $1 AND u.id <> $2 FOR UPDATE`,
              [referrer, uid],
            );
            const amb = owner.rows[0];
            if (amb && amb.earned < REFERRAL_BONUS_MAX) await bonus(amb.id, 'referral', REFERRAL_BONUS_POINTS);
            await recordInviteSignUp(tx, referrer, uid);
          }
          return uid;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'email')) throw validationError([emailTaken]);
        if (isUniqueViolation(err, 'ambassador_code')) continue;
        throw err;
      }
    }
    if (id === null) throw new Error('could not allocate an ambassador code');
    return c.json(await loadUser(db, config, id), 201);
  });

  r.get('/application-users/me', requireUser, async (c) => {
    return c.json(await loadUser(c.var.db, c.var.config, userId(c)));
  });

  r.put('/application-users/me', requireUser, async (c) => {
    const { db, config } = c.var;
    const uid = userId(c);
    const body = await parseBody(c, UpdateMeSchema);
    const violations: Violation[] = [];
    if (!(await countryExists(db, body.country_id))) violations.push(countryViolation);
    const taken = (await db.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [body.email, uid])).rows.length > 0;
    if (taken) violations.push(emailTaken);
    if (body.profile_photo_id !== undefined && body.profile_photo_id !== null) {
      const own = await db.query('SELECT 1 FROM files WHERE id = $1 AND user_id = $2', [body.profile_photo_id, uid]);
      if (own.rows.length === 0) {
        violations.push({ property_path: 'profile_photo_id', message: 'Unknown file.', code: 'file_not_found' });
      }
    }
    if (violations.length) throw validationError(violations);
    let replaced: number | null = null;
    try {
      const { rows } = await db.query<{ previous_photo_id: number | null }>(
        `UPDATE users u SET first_name = $3, last_name = $4, email = $5, country_id = $6,
                currency = coalesce($7, u.currency),
                profile_photo_id = CASE WHEN $8::boolean THEN $9::int ELSE u.profile_photo_id END,
                edit_version = u.edit_version + 1
           FROM users before
          WHERE u.id = $1 AND u.edit_version = $2 AND before.id = u.id
          RETURNING before.profile_photo_id AS previous_photo_id`,
        [
          uid,
          body.edit_version,
          body.first_name,
          body.last_name,
          body.email,
          body.country_id,
          body.currency && /^[A-Z]{3}$/.test(body.currency) ? body.currency : null,
          body.profile_photo_id !== undefined,
          body.profile_photo_id ?? null,
        ],
      );
      if (rows.length === 0) throw editConflict();
      replaced = rows[0].previous_photo_id;
    } catch (err) {
      if (isUniqueViolation(err, 'email')) throw validationError([emailTaken]);
      throw err;
    }
    // A replaced (or removed) profile photo is deleted, bytes and all, unless it became the photo again.
    if (replaced !== null && body.profile_photo_id !== undefined && replaced !== body.profile_photo_id) {
      const gone = await db.query<{ id: number }>(
        'DELETE FROM files WHERE id = $1 AND user_id = $2 AND id IS DISTINCT FROM (SELECT profile_photo_id FROM users WHERE id = $2) RETURNING id',
        [replaced, uid],
      );
      await c.var.files.remove(gone.rows.map((f) => f.id));
    }
    return c.json(await loadUser(db, config, uid));
  });

  r.put('/application-users/me/interests', requireUser, async (c) => {
    const { db, config } = c.var;
    const uid = userId(c);
    const body = await parseBody(c, InterestsSchema);
    const ids = [...new Set(body.user_interests)];
    if (ids.length) {
      const known = await db.query<{ id: number }>('SELECT id FROM interests WHERE id = ANY($1::int[])', [ids]);
      if (known.rows.length !== ids.length) {
        throw validationError([{ property_path: 'user_interests', message: 'Unknown interest.', code: 'interest_not_found' }]);
      }
    }
    await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        'UPDATE users SET edit_version = edit_version + 1 WHERE id = $1 AND edit_version = $2 RETURNING id',
        [uid, body.edit_version],
      );
      if (rows.length === 0) throw editConflict();
      await tx.query('DELETE FROM user_interests WHERE user_id = $1', [uid]);
      if (ids.length) {
        await tx.query('INSERT INTO user_interests (user_id, interest_id) SELECT $1, unnest($2::int[])', [uid, ids]);
      }
    });
    return c.json(await loadUser(db, config, uid));
  });

  r.delete('/application-users/me', requireUser, async (c) => {
    const { db } = c.var;
    const uid = userId(c);
    const gone = await db.transaction(async (tx) => {
      const files = await tx.query<{ id: number }>('DELETE FROM files WHERE user_id = $1 RETURNING id', [uid]);
      const { rows } = await tx.query<{ email: string }>('DELETE FROM users WHERE id = $1 RETURNING email', [uid]);
      if (rows[0]) await tx.query('DELETE FROM sign_in_throttle WHERE email_key = $1', [rows[0].email]);
      return files.rows.map((f) => f.id);
    });
    await c.var.files.remove(gone);
    // The tokens went with the user (ON DELETE CASCADE): forget them in this process now.
    forgetUserTokens(uid);
    return c.body(null, 204);
  });

  r.post('/reset-password/:email', optionalAuth, async (c) => {
    // Always the same answer: no way to learn whether an account exists. (Sandbox: no mail is sent.)
    return c.json({}, 200);
  });

  r.get('/interests', requireUser, async (c) => {
    const q = parseQuery(c, InterestsQuery);
    const nl = requestLang(c) === 'nl';
    const { rows, total } = await pagedRows<{ id: number; name: string; total: number }>(
      c.var.db,
      `SELECT id, ${nl ? 'name_nld' : 'name'} AS name, count(*) OVER ()::int AS total FROM interests ORDER BY id`,
      [],
      q.limit,
      q.offset,
    );
    return c.json({
      results: rows.map(({ id, name }) => ({ id, name })),
      metadata: { total, limit: q.limit, offset: q.offset },
    });
  });

  return r;
}

export const editConflict = () =>
  new HttpError(409, 'edit_conflict', 'The profile was changed elsewhere. Reload it and try again.');
