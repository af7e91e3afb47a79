/**
 * Demo users: demo@socialpay.test and demo2..demoN@socialpay.test, all with password
 * demo-pass-2026 and the same rich, deterministic history (relative to the seeding date):
 * two years of loyalty transactions of every type, donations, two targets, wallet cards,
 * favorites and interests.
 */
import type { Db } from '../db/open.ts';
import { insertRows } from '../db/insert-rows.ts';
import { mulberry32, intBetween } from './prng.ts';
import { brandName, PROJECTS } from './catalogue.ts';
import { barcodeValueProblem, ean13CheckDigit } from '../contract/barcode.ts';
import { CANCEL_REASONS, CLEARANCE_DAYS, DAY_MS } from '../contract/reward-path.ts';
import { seedTrips } from './trips.ts';

const NO_PATH = { pending_at: null, confirmed_at: null, paid_at: null, canceled_at: null, cancel_reason: null };

export const DEMO_PASSWORD = 'demo-pass-2026';

export function demoEmail(n: number): string {
  return n === 1 ? 'demo@socialpay.test' : `demo${n}@socialpay.test`;
}

const FIRST_NAMES = ['Sanne', 'Daan', 'Fleur', 'Bram', 'Lotte', 'Jesse', 'Noor', 'Milan', 'Eva', 'Thijs'];
const LAST_NAMES = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Bos', 'Vos'];

export function demoAmbassadorCode(n: number): string {
  return `D${String(n).padStart(4, '0')}`;
}

function ean13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}

interface TxRow {
  user_id: number;
  type_id: number;
  direction: 'in' | 'out';
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  units: number | null;
  project_id: number | null;
  occurred_at: string;
  ext_amount: number | null;
  ext_currency: string | null;
  ext_state: string | null;
  ext_partner_name: string | null;
  brand_id: number | null;
  pending_at: string | null;
  confirmed_at: string | null;
  paid_at: string | null;
  canceled_at: string | null;
  cancel_reason: string | null;
}

export async function seedDemoUser(
  db: Db,
  n: number,
  passwordHash: string,
  accounts: { rewards: number; pension: number; projects: Map<number, number> },
  typeIds: Map<string, number>,
  now: Date,
): Promise<void> {
  const start = new Date(Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), 1, 9, 0, 0));
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, country_id, currency, edit_version, ambassador_code, created_at)
     VALUES ($1, $2, $3, $4, 1, 'EUR', 1, $5, $6) RETURNING id`,
    [
      demoEmail(n),
      passwordHash,
      FIRST_NAMES[(n - 1) % FIRST_NAMES.length],
      LAST_NAMES[(n - 1) % LAST_NAMES.length],
      demoAmbassadorCode(n),
      start.toISOString(),
    ],
  );
  const userId = rows[0].id;
  const acc = await db.query<{ id: number }>('INSERT INTO loyalty_accounts (user_id) VALUES ($1) RETURNING id', [userId]);
  const me = acc.rows[0].id;

  // Same history for every demo user.
  const rand = mulberry32(20260101);
  const tx: TxRow[] = [];
  let balance = 0;
  const day = (monthOffset: number, d: number, hour = 12): Date => {
    const t = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + monthOffset, d, hour, intBetween(rand, 0, 59)));
    return t > now ? new Date(now.getTime() - 60_000 * intBetween(rand, 5, 600)) : t;
  };
  const ageDays = (d: Date) => (now.getTime() - d.getTime()) / 86_400_000;
  // The reward path's dates draw from their own sequence, so the history above stays as it was.
  const pathRand = mulberry32(20261126);
  const upToNow = (t: number) => new Date(Math.min(t, now.getTime() - 60_000)).toISOString();
  const rewardPath = (at: Date, state: string) => {
    const t = at.getTime();
    const age = Math.floor(ageDays(at));
    return {
      // Online purchases are reported within about an hour.
      pending_at: upToNow(t + intBetween(pathRand, 4, 55) * 60_000),
      confirmed_at: state === 'Cleared' ? upToNow(t + intBetween(pathRand, Math.min(30, age), Math.min(CLEARANCE_DAYS, age)) * DAY_MS) : null,
      paid_at: null,
      canceled_at: state === 'Declined' ? upToNow(t + intBetween(pathRand, Math.min(10, age), Math.min(60, age)) * DAY_MS) : null,
      cancel_reason: state === 'Declined' ? CANCEL_REASONS[intBetween(pathRand, 0, CANCEL_REASONS.length - 1)] : null,
    };
  };
  type Ext = { amount: number; state: string; brand: number };
  type Flow = Pick<TxRow, 'direction' | 'debit_account_id' | 'credit_account_id' | 'units' | 'project_id'>;
  const record = (type: string, at: Date, flow: Flow, amount: number, ext: Ext | undefined, path: ReturnType<typeof rewardPath> | typeof NO_PATH) =>
    tx.push({
      user_id: userId,
      type_id: typeIds.get(type)!,
      ...flow,
      amount,
      occurred_at: at.toISOString(),
      ext_amount: ext ? ext.amount : null,
      ext_currency: ext ? 'EUR' : null,
      ext_state: ext ? ext.state : null,
      ext_partner_name: ext ? brandName(ext.brand) : null,
      brand_id: ext ? ext.brand + 1 : null,
      ...path,
    });
  const earn = (type: string, at: Date, amount: number, ext?: Ext) => {
    const flow: Flow = { direction: 'in', debit_account_id: me, credit_account_id: accounts.rewards, units: null, project_id: null };
    record(type, at, flow, amount, ext, ext ? rewardPath(at, ext.state) : NO_PATH);
    if (!ext || ext.state === 'Cleared') balance += amount;
  };
  const spend = (type: string, at: Date, amount: number, to: number, projectId: number | null, units: number | null, ext?: Ext) => {
    record(type, at, { direction: 'out', debit_account_id: to, credit_account_id: me, units, project_id: projectId }, amount, ext, NO_PATH);
    if (!ext || ext.state !== 'Declined') balance -= amount;
  };

  const donations = new Map<number, [number, number]>([
    [4, [1, 4]],
    [9, [3, 6]],
    [13, [2, 2]],
    [17, [4, 8]],
    [21, [1, 6]],
    [23, [3, 5]],
  ]);
  const purchases: { at: Date; points: number; ext: number; brand: number }[] = [];
  earn('signup', day(0, 2), 500);
  earn('first_purchase_card_linking', day(0, 20), 250);
  earn('card_linking', day(0, 21), 100);
  earn('first_purchase_affiliate', day(1, 5), 250);
  // One declined purchase on a fixed day, so every external state exists whatever the random draws give.
  earn('purchase', day(1, 18, 14), 120, { amount: 2400, state: 'Declined', brand: 7 });
  for (let m = 0; m <= 24; m++) {
    const count = intBetween(rand, 2, 4);
    for (let k = 0; k < count; k++) {
      const at = day(m, intBetween(rand, 1, 27), intBetween(rand, 8, 21));
      const ext = intBetween(rand, 15, 180) * 100;
      const points = Math.round((ext * intBetween(rand, 3, 8)) / 100);
      const brand = intBetween(rand, 0, 120);
      const age = ageDays(at);
      const state = age < 30 ? 'Pending' : age < 90 ? (rand() < 0.5 ? 'Pending' : 'Cleared') : rand() < 0.08 ? 'Declined' : 'Cleared';
      earn('purchase', at, points, { amount: ext, state, brand });
      if (state === 'Cleared') purchases.push({ at, points, ext, brand });
    }
    if (m === 3 || m === 10 || m === 16 || m === 22) earn('referral', day(m, 15), 500);
    if (m === 6 || m === 18) earn('share', day(m, 9), 50);
    if (m % 5 === 4 && purchases.length > 0) {
      const p = purchases[purchases.length - 1];
      spend('refund', day(m, 28), p.points, accounts.rewards, null, null, { amount: p.ext, state: 'Cleared', brand: p.brand });
    }
    const d = donations.get(m);
    if (d) {
      const project = PROJECTS.find((p) => p.id === d[0])!;
      const pts = project.unitPoints * d[1];
      if (balance >= pts) {
        spend('donation', day(m, 12), pts, accounts.projects.get(project.id)!, project.id, (pts / project.unitPoints) * project.unitAmount);
      }
    }
    // Quarterly contribution of most of the cleared balance to the pension account.
    if (m % 3 === 2 && m < 22 && balance > 2000) {
      const amount = Math.floor((balance * 0.6) / 100) * 100;
      spend('contribution', day(m, 26), amount, accounts.pension, null, null);
    }
  }
  tx.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  // A confirmed reward is paid to the targets with the next contribution or donation.
  const payouts = tx.filter((r) => r.direction === 'out' && r.ext_state === null).map((r) => r.occurred_at);
  for (const r of tx) if (r.confirmed_at) r.paid_at = payouts.find((p) => p >= r.confirmed_at!) ?? null;
  await insertRows(
    db,
    'loyalty_transactions',
    [
      ['user_id', 'integer'], ['type_id', 'integer'], ['direction', 'text'], ['debit_account_id', 'integer'],
      ['credit_account_id', 'integer'], ['amount', 'integer'], ['units', 'double precision'], ['project_id', 'integer'],
      ['occurred_at', 'timestamptz'], ['ext_amount', 'integer'], ['ext_currency', 'text'], ['ext_state', 'text'],
      ['ext_partner_name', 'text'], ['brand_id', 'integer'], ['pending_at', 'timestamptz'], ['confirmed_at', 'timestamptz'],
      ['paid_at', 'timestamptz'], ['canceled_at', 'timestamptz'], ['cancel_reason', 'text'],
    ],
    tx as unknown as Record<string, unknown>[],
  );
  await seedTrips(db, userId, tx, now);

  // Targets: one social (School Meals), one not (REWILDING).
  await db.query(
    `INSERT INTO user_targets (user_id, project_id, created_at) VALUES ($1, 3, $2), ($1, 1, $3)`,
    [userId, day(2, 3).toISOString(), day(2, 4).toISOString()],
  );
  // Favorites.
  await db.query(
    `INSERT INTO favorites (user_id, brand_id, created_at)
     SELECT $1, b, now() - (b || ' days')::interval FROM unnest($2::int[]) AS b`,
    [userId, [1, 3, 6, 9, 14, 22]],
  );
  await db.query(`INSERT INTO user_interests (user_id, interest_id) VALUES ($1, 1), ($1, 3), ($1, 5)`, [userId]);
  // Wallet: brand 1 is a primary partner.
  const base = 603_600_000_000 + n * 1000;
  const cards = [
    { brand: 1, amount: 2500, link: `https://cards.example/redeem/${base + 1}`, format: 'CODE128', barcode: String(base + 1), months: 20 },
    { brand: 3, amount: 5000, link: null, format: 'EAN13', barcode: ean13(String(871_000_000_000 + n * 10 + 1).slice(0, 12)), months: 8 },
    { brand: 8, amount: 1750, link: `https://cards.example/redeem/${base + 3}`, format: 'CODE128', barcode: String(base + 3), months: 2 },
    // One card in each further format the till may ask for (QR, PDF417, Aztec, DataMatrix).
    { brand: 6, amount: 2000, link: null, format: 'QR', barcode: `https://cards.example/redeem/${base + 4}`, months: 5 },
    { brand: 9, amount: 1500, link: null, format: 'PDF417', barcode: `GC${base + 5}`, months: 11 },
    { brand: 14, amount: 3000, link: null, format: 'AZTEC', barcode: `SP-${base + 6}`, months: 14 },
    { brand: 22, amount: 1000, link: null, format: 'DATAMATRIX', barcode: `${base + 7}`, months: 17 },
  ];
  for (const c of cards) {
    const problem = barcodeValueProblem(c.format, c.barcode);
    if (problem) throw new Error(`seed: ${c.format} card value ${c.barcode} is not valid (${problem})`);
  }
  await insertRows(
    db,
    'wallet_items',
    [
      ['user_id', 'integer'], ['brand_id', 'integer'], ['amount', 'integer'], ['currency', 'text'],
      ['digital_card_link', 'text'], ['card_number', 'text'], ['pin', 'text'], ['barcode_value', 'text'],
      ['barcode_format', 'text'], ['created_at', 'timestamptz'],
    ],
    cards.map((c, k) => ({
      user_id: userId,
      brand_id: c.brand,
      amount: c.amount,
      currency: 'EUR',
      digital_card_link: c.link,
      card_number: c.format === 'EAN13' ? c.barcode : `${base + k + 1}`.replace(/(\d{4})(?=\d)/g, '$1 '),
      pin: String(1000 + ((n * 7 + k * 1311) % 9000)),
      barcode_value: c.barcode,
      barcode_format: c.format,
      created_at: day(24 - c.months, 10).toISOString(),
    })),
  );
}
