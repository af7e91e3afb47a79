/**
 * Projects (reward targets), the user's targets, donations, savings, contributions, transactions.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/open.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, accountGone } from '../http/errors.ts';
import { notFound, validationError } from '../services/errors.ts';
import { int32, pagingSchema, parseBody, parseQuery, pathId, readJson, issuesToViolations } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { likeEscape } from '../text.ts';
import { searchKey } from '../contract/search-text.ts';
import { isoDate, projectImageUrl, toProject, type ProjectRowOut } from '../present/serialize.ts';
import { contentLanguage } from '../http/lang.ts';
import type { Lang } from '../text.ts';
import { PROJECT_FROM, projectSelect } from '../services/project-select.ts';
import { EARNED, RETURNED, SAVED_DELTA, pointsBalance } from '../services/points.ts';
import type { Project, RewardPath, Transaction } from '../contract/types.ts';
import { countsOutboxWrite } from '../http/metrics.ts';
import { pagedRows } from '../db/paged.ts';

export async function getProject(db: Db, uid: number, id: number, lang: Lang): Promise<Project | null> {
  const { rows } = await db.query<ProjectRowOut>(`SELECT ${projectSelect(lang)} FROM ${PROJECT_FROM} WHERE p.id = $2`, [uid, id]);
  return rows[0] ? toProject(rows[0]) : null;
}

export const ProjectsQuery = z.object({
  ...pagingSchema(200, 200),
  'filter[name]': z.string().max(100, { message: 'filter[name] is too long.' }).optional(),
});
export const TargetsQuery = z.object({ ...pagingSchema(100, 200) });
export const TxQuery = z.object({ ...pagingSchema(10, 1000) });
export const YearQuery = z.object({
  'filter[year]': z
    .string()
    .regex(/^\d{4}$/, { message: 'filter[year] must be a year like 2025.' })
    .transform(Number)
    .pipe(z.number().min(2000, { message: 'filter[year] is out of range.' }).max(2100, { message: 'filter[year] is out of range.' }))
    .optional(),
});

export const TargetBody = z.object({
  target_id: int32('target_id must be a whole number.'),
});
export const DonateBody = z.object({
  amount: z
    .number({ error: (i) => (i.input === undefined ? 'amount is required.' : 'amount must be a number.') })
    .int({ message: 'amount must be a whole number of points.' })
    .positive({ message: 'amount must be greater than 0.' })
    .max(100_000_000, { message: 'amount is too large.' }),
});

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const targetError = (code: 'loyalty_project_not_found' | 'at_least_one_should_be_social' | 'max_two_targets', description: string) =>
  new HttpError(422, code, description, [{ property_path: 'target_id', message: code, code }]);

// 'in' transactions that count as earned rewards (not declined).

export function projectRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/project', requireUser, async (c) => {
    const q = parseQuery(c, ProjectsQuery);
    const uid = userId(c);
    const params: unknown[] = [uid];
    let where = '';
    const nameFilter = q['filter[name]']?.trim();
    if (nameFilter) {
      params.push(`%${likeEscape(searchKey(nameFilter))}%`);
      where = `WHERE p.search_key LIKE $2`;
    }
    const lang = contentLanguage(c);
    const { rows, total } = await pagedRows<ProjectRowOut & { total: number }>(
      c.var.db,
      `SELECT ${projectSelect(lang)}, count(*) OVER ()::int AS total FROM ${PROJECT_FROM} ${where} ORDER BY p.id`,
      params,
      q.limit,
      q.offset,
    );
    return c.json({ results: rows.map(toProject), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  r.get('/project/:id', requireUser, async (c) => {
    const p = await getProject(c.var.db, userId(c), pathId(c, 'id', 'Project'), contentLanguage(c));
    if (!p) throw notFound('Project');
    return c.json(p);
  });

  r.post('/project/:id/donate', requireUser, async (c) => {
    const uid = userId(c);
    const id = pathId(c, 'id', 'Project');
    const body = await parseBody(c, DonateBody);
    const db = c.var.db;
    const result = await db.transaction(async (tx) => {
      // Serialise this user's balance-changing writes.
      const me = await tx.query<{ id: number }>(
        `SELECT a.id FROM users u JOIN loyalty_accounts a ON a.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u`,
        [uid],
      );
      const project = await tx.query<{ account_id: number; unit_points: number; unit_amount: number }>(
        `SELECT a.id AS account_id, p.unit_points, p.unit_amount FROM projects p JOIN loyalty_accounts a ON a.project_id = p.id WHERE p.id = $1`,
        [id],
      );
      if (!me.rows[0]) throw accountGone();
      if (!project.rows[0]) throw notFound('Project');
      const balance = await pointsBalance(tx, uid);
      if (body.amount > balance) {
        throw new HttpError(422, 'insufficient_points', 'You do not have enough points for this donation.', [
          { property_path: 'amount', message: 'insufficient_points', code: 'insufficient_points' },
        ]);
      }
      const { unit_points, unit_amount } = project.rows[0];
      const units = Math.round(((body.amount / unit_points) * unit_amount) * 100) / 100;
      const ins = await tx.query<{ id: number }>(
        `INSERT INTO loyalty_transactions (user_id, type_id, direction, debit_account_id, credit_account_id, amount, units, project_id)
         VALUES ($1, (SELECT id FROM transaction_types WHERE name = 'donation'), 'out', $2, $3, $4, $5, $6) RETURNING id`,
        [uid, project.rows[0].account_id, me.rows[0].id, body.amount, units, id],
      );
      return { transaction_id: ins.rows[0].id, balance: balance - body.amount, units };
    });
    return c.json(result, 201);
  });

  // ----- targets -----
  r.get('/application-users/targets', requireUser, async (c) => {
    const q = parseQuery(c, TargetsQuery);
    const uid = userId(c);
    const lang = contentLanguage(c);
    const { rows, total } = await pagedRows<ProjectRowOut & { target_item_id: number; total: number }>(
      c.var.db,
      `SELECT ut.id AS target_item_id, count(*) OVER ()::int AS total, ${projectSelect(lang)}
         FROM user_targets ut JOIN ${PROJECT_FROM} ON p.id = ut.project_id
        WHERE ut.user_id = $1 ORDER BY ut.created_at, ut.id`,
      [uid],
      q.limit,
      q.offset,
    );
    return c.json({
      results: rows.map((row) => ({ id: row.target_item_id, target: toProject(row) })),
      metadata: { total, limit: q.limit, offset: q.offset },
    });
  });

  r.post('/application-users/targets', requireUser, countsOutboxWrite('reward_target'), async (c) => {
    const uid = userId(c);
    const body = await parseBody(c, TargetBody);
    const db = c.var.db;
    const out = await db.transaction(async (tx) => {
      // Serialises this user's target changes, and with account deletion (a deleted account stops here).
      const me = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid]);
      if (me.rows.length === 0) throw accountGone();
      const proj = await tx.query<{ id: number; social: boolean; loyalty_eligible: boolean }>(
        'SELECT id, social, loyalty_eligible FROM projects WHERE id = $1',
        [body.target_id],
      );
      if (!proj.rows[0] || !proj.rows[0].loyalty_eligible) {
        throw targetError('loyalty_project_not_found', 'This target is not eligible for loyalty.');
      }
      const current = await tx.query<{ id: number; project_id: number; social: boolean }>(
        'SELECT ut.id, ut.project_id, p.social FROM user_targets ut JOIN projects p ON p.id = ut.project_id WHERE ut.user_id = $1',
        [uid],
      );
      const existing = current.rows.find((t) => t.project_id === body.target_id);
      if (existing) return { id: existing.id, status: 200 as const };
      if (current.rows.length >= 2) {
        throw targetError('max_two_targets', 'You have already selected two targets; remove one first.');
      }
      if (current.rows.length === 1 && !current.rows[0].social && !proj.rows[0].social) {
        throw targetError('at_least_one_should_be_social', 'At least one selected target must be Social.');
      }
      const ins = await tx.query<{ id: number }>('INSERT INTO user_targets (user_id, project_id) VALUES ($1, $2) RETURNING id', [
        uid,
        body.target_id,
      ]);
      return { id: ins.rows[0].id, status: 201 as const };
    });
    const target = await getProject(db, uid, body.target_id, contentLanguage(c));
    return c.json({ id: out.id, target }, out.status);
  });

  r.delete('/application-users/targets', requireUser, countsOutboxWrite('reward_target'), async (c) => {
    const uid = userId(c);
    let raw: unknown = await readJson(c);
    const qid = c.req.query('target_id');
    if (qid !== undefined && (raw === null || typeof raw !== 'object' || !('target_id' in (raw as object)))) {
      raw = { target_id: /^\d{1,9}$/.test(qid) ? Number(qid) : qid };
    }
    const parsed = TargetBody.safeParse(raw);
    if (!parsed.success) throw validationError(issuesToViolations(parsed.error.issues, raw));
    await c.var.db.query('DELETE FROM user_targets WHERE user_id = $1 AND project_id = $2', [uid, parsed.data.target_id]);
    return c.body(null, 204);
  });

  // ----- savings, contributions, transactions -----
  r.get('/user-saving', requireUser, async (c) => {
    const uid = userId(c);
    const q = parseQuery(c, YearQuery);
    const now = new Date();
    const thisYear = now.getUTCFullYear();
    const year = q['filter[year]'] ?? thisYear;
    const db = c.var.db;
    const monthly = await db.query<{ m: number; s: number }>(
      `SELECT extract(month FROM occurred_at AT TIME ZONE 'UTC')::int AS m, sum(${SAVED_DELTA})::int AS s
         FROM loyalty_transactions
        WHERE user_id = $1 AND (${EARNED} OR ${RETURNED}) AND occurred_at >= $2 AND occurred_at < $3
        GROUP BY 1`,
      [uid, new Date(Date.UTC(year, 0, 1)).toISOString(), new Date(Date.UTC(year + 1, 0, 1)).toISOString()],
    );
    // joined: when the account began saving, its sign-up or its first saving if a partner dated one earlier.
    const totals = await db.query<{ total: number; current_month: number; joined: Date | null }>(
      `SELECT coalesce(sum(${SAVED_DELTA}), 0)::int AS total,
              coalesce(sum(${SAVED_DELTA}) FILTER (WHERE occurred_at >= $2), 0)::int AS current_month,
              least((SELECT created_at FROM users WHERE id = $1), min(occurred_at)) AS joined
         FROM loyalty_transactions WHERE user_id = $1 AND (${EARNED} OR ${RETURNED})`,
      [uid, new Date(Date.UTC(thisYear, now.getUTCMonth(), 1)).toISOString()],
    );
    const byMonth: Record<string, number> = {};
    MONTHS.forEach((m) => (byMonth[m] = 0));
    let ytd = 0;
    for (const row of monthly.rows) {
      byMonth[MONTHS[row.m - 1]] = row.s;
      ytd += row.s;
    }
    // Months of the year the account existed (up to now): a new account's first month is not spread over the year.
    const joined = new Date(totals.rows[0].joined ?? 0);
    const lastMonth = year < thisYear ? 11 : year === thisYear ? now.getUTCMonth() : 11;
    const firstMonth = joined.getUTCFullYear() === year ? joined.getUTCMonth() : joined.getUTCFullYear() > year ? 12 : 0;
    const monthsElapsed = Math.max(1, lastMonth - firstMonth + 1);
    return c.json({
      year,
      current_month: totals.rows[0].current_month,
      year_to_date: ytd,
      total: totals.rows[0].total,
      monthly: byMonth,
      monthly_average: Math.round(ytd / monthsElapsed),
      currency: 'EUR',
    });
  });

  r.get('/contribution', requireUser, async (c) => {
    const uid = userId(c);
    const { rows } = await c.var.db.query<{ project_id: number; project_name: string; amount: number; has_image: boolean }>(
      `SELECT p.id AS project_id, p.name AS project_name, sum(t.amount)::int AS amount, p.has_image
         FROM loyalty_transactions t
         JOIN transaction_types ty ON ty.id = t.type_id AND ty.name = 'donation'
         JOIN projects p ON p.id = t.project_id
        WHERE t.user_id = $1
        GROUP BY p.id, p.name, p.has_image
        ORDER BY amount DESC, p.name`,
      [uid],
    );
    return c.json({
      currency: 'EUR',
      results: rows.map((r) => ({
        project_id: r.project_id,
        project_name: r.project_name,
        amount: r.amount,
        badge_url: r.has_image ? projectImageUrl(r.project_id) : null,
      })),
    });
  });

  r.get('/user-loyalty-transactions', requireUser, async (c) => {
    const uid = userId(c);
    const q = parseQuery(c, TxQuery);
    const { rows, total } = await pagedRows<TxRow & { total: number }>(
      c.var.db,
      `SELECT ${TX_SELECT}, count(*) OVER ()::int AS total ${TX_FROM} WHERE t.user_id = $1 ORDER BY t.occurred_at DESC, t.id DESC`,
      [uid],
      q.limit,
      q.offset,
    );
    return c.json({ results: rows.map(toTransaction), metadata: { total, limit: q.limit, offset: q.offset } });
  });

  // Addition: one transaction (a reward's detail opened from a link); another user's is 404.
  r.get('/user-loyalty-transactions/:id', requireUser, async (c) => {
    const id = pathId(c, 'id', 'Transaction');
    const { rows } = await c.var.db.query<TxRow>(`SELECT ${TX_SELECT} ${TX_FROM} WHERE t.id = $1 AND t.user_id = $2`, [id, userId(c)]);
    if (!rows[0]) throw notFound('Transaction');
    return c.json(toTransaction(rows[0]));
  });

  return r;
}

const TX_SELECT = `t.id, t.occurred_at, t.type_id, ty.name AS type_name, t.amount, t.units, t.direction,
       t.debit_account_id, da.user_id AS d_user, da.project_id AS d_project, dp.name AS d_project_name,
       t.credit_account_id, ca.user_id AS c_user, ca.project_id AS c_project, cp.name AS c_project_name,
       t.ext_amount, t.ext_currency, t.ext_state, t.ext_partner_name, t.brand_id,
       t.pending_at, t.confirmed_at, t.paid_at, t.canceled_at, t.cancel_reason`;
const TX_FROM = `FROM loyalty_transactions t
         JOIN transaction_types ty ON ty.id = t.type_id
         JOIN loyalty_accounts da ON da.id = t.debit_account_id
         LEFT JOIN projects dp ON dp.id = da.project_id
         JOIN loyalty_accounts ca ON ca.id = t.credit_account_id
         LEFT JOIN projects cp ON cp.id = ca.project_id`;

interface TxRow {
  id: number;
  occurred_at: unknown;
  type_id: number;
  type_name: string;
  amount: number;
  units: number | null;
  debit_account_id: number;
  d_user: number | null;
  d_project: number | null;
  d_project_name: string | null;
  credit_account_id: number;
  c_user: number | null;
  c_project: number | null;
  c_project_name: string | null;
  ext_amount: number | null;
  ext_currency: string | null;
  ext_state: string | null;
  ext_partner_name: string | null;
  direction: 'in' | 'out';
  brand_id: number | null;
  pending_at: unknown;
  confirmed_at: unknown;
  paid_at: unknown;
  canceled_at: unknown;
  cancel_reason: string | null;
}

const isoOrNull = (v: unknown) => (v == null ? null : isoDate(v));

/**
 * An earning's path. Derived where the row has no date: a reward the network reported (any state)
 * was pending from the moment it was tracked; a confirmed or canceled one without its date keeps null.
 */
function rewardPath(r: TxRow): RewardPath {
  const declined = r.ext_state === 'Declined';
  return {
    tracked_at: isoDate(r.occurred_at),
    pending_at: isoOrNull(r.pending_at ?? r.occurred_at),
    confirmed_at: r.ext_state === 'Cleared' ? isoOrNull(r.confirmed_at) : null,
    paid_at: r.ext_state === 'Cleared' ? isoOrNull(r.paid_at) : null,
    canceled_at: declined ? isoOrNull(r.canceled_at) : null,
    cancel_reason: declined ? r.cancel_reason : null,
  };
}

function toTransaction(r: TxRow): Transaction {
  return {
    id: r.id,
    date: isoDate(r.occurred_at),
    type: { id: r.type_id, name: r.type_name },
    debit_account: {
      id: r.debit_account_id,
      user: r.d_user === null ? null : { id: r.d_user },
      project: r.d_project === null ? null : { id: r.d_project, name: r.d_project_name ?? '' },
    },
    credit_account: {
      id: r.credit_account_id,
      user: r.c_user === null ? null : { id: r.c_user },
      project: r.c_project === null ? null : { id: r.c_project, name: r.c_project_name ?? '' },
    },
    debit_amount: { amount: r.amount, currency: 'PTS' },
    credit_amount: { amount: r.amount, currency: 'PTS' },
    units: r.units,
    external_transaction:
      r.ext_state === null
        ? null
        : {
            amount: { amount: r.ext_amount ?? 0, currency: r.ext_currency ?? 'EUR' },
            state: { name: r.ext_state },
            corporate_partner: r.ext_partner_name
              ? { name: r.ext_partner_name, ...(r.brand_id !== null ? { id: r.brand_id } : {}) }
              : null,
            ...(r.direction === 'in' ? rewardPath(r) : {}),
          },
  };
}
