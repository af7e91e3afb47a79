/**
 * "Download my data" (GDPR Art. 15 and 20): every row the server keeps about one user, as JSON.
 *
 * EXPORT_TABLES is the one list of what is exported: a new user-linked table gets its entry here
 * (and tests/api/data-export.test.ts seeds a row of it). Each entry selects only that user's rows ($1
 * is the user id), ordered by a unique key so the pages below are stable. Secrets that are not the
 * user's data (password and token hashes) are left out; card numbers and PINs are in: they are theirs.
 *
 * Streamed: each table is read PAGE rows at a time and every row is written as soon as it is read,
 * so a long history never sits in memory as one object.
 */
import type { Db } from '../db/open.ts';

export const EXPORT_VERSION = 1;
const PAGE = 500;

export const EXPORT_TABLES: { name: string; sql: string }[] = [
  {
    name: 'profile',
    sql: `SELECT id, email, first_name, last_name, country_id, currency, profile_photo_id, edit_version, referrer_code,
                 ambassador_code, created_at, screen_visit_consent, screen_visit_consent_at
            FROM users WHERE id = $1 ORDER BY id`,
  },
  { name: 'interests', sql: 'SELECT ui.interest_id, i.name FROM user_interests ui JOIN interests i ON i.id = ui.interest_id WHERE ui.user_id = $1 ORDER BY ui.interest_id' },
  { name: 'favorites', sql: 'SELECT brand_id, created_at FROM favorites WHERE user_id = $1 ORDER BY brand_id' },
  { name: 'reward_targets', sql: 'SELECT id, project_id, created_at FROM user_targets WHERE user_id = $1 ORDER BY id' },
  { name: 'loyalty_accounts', sql: 'SELECT id, project_id FROM loyalty_accounts WHERE user_id = $1 ORDER BY id' },
  {
    name: 'transactions',
    sql: `SELECT t.id, tt.name AS type, t.direction, t.debit_account_id, t.credit_account_id, t.amount, t.units, t.project_id,
                 t.brand_id, t.occurred_at, t.ext_amount, t.ext_currency, t.ext_state, t.ext_partner_name, t.pending_at,
                 t.confirmed_at, t.paid_at, t.canceled_at, t.cancel_reason, t.trip_id
            FROM loyalty_transactions t JOIN transaction_types tt ON tt.id = t.type_id WHERE t.user_id = $1 ORDER BY t.id`,
  },
  {
    name: 'shopping_trips',
    sql: 'SELECT id, brand_id, idempotency_key, click_ref, terms_type, terms_value, created_at FROM shopping_trips WHERE user_id = $1 ORDER BY id',
  },
  // What partner networks reported of the user's purchases (through the click reference of their trips).
  {
    name: 'partner_conversions',
    sql: `SELECT c.id, c.network, c.order_ref, c.click_ref, c.trip_id, c.transaction_id, c.order_amount, c.currency, c.status,
                 c.reason, c.occurred_at, c.created_at, c.updated_at
            FROM partner_conversions c JOIN shopping_trips s ON s.id = c.trip_id WHERE s.user_id = $1 ORDER BY c.id`,
  },
  {
    name: 'reward_claims',
    sql: `SELECT id, trip_id, idempotency_key, purchase_date, order_number, amount, currency, status, reason, transaction_id,
                 created_at, updated_at
            FROM reward_claims WHERE user_id = $1 ORDER BY id`,
  },
  {
    name: 'orders',
    sql: `SELECT id, brand_id, amount, currency, status, wallet_item_id, lang, reward_points, created_at, settled_at
            FROM orders WHERE user_id = $1 ORDER BY id`,
  },
  {
    name: 'wallet_cards',
    sql: `SELECT id, brand_id, amount, currency, digital_card_link, card_number, pin, barcode_value, barcode_format,
                 expiry_date, used_at, balance_updated_at, created_at
            FROM wallet_items WHERE user_id = $1 ORDER BY id`,
  },
  {
    name: 'balance_events',
    sql: `SELECT e.id, e.wallet_item_id, e.event_id, e.type, e.amount, e.change, e.balance, e.created_at
            FROM wallet_balance_events e JOIN wallet_items w ON w.id = e.wallet_item_id WHERE w.user_id = $1 ORDER BY e.id`,
  },
  { name: 'fund_journeys', sql: 'SELECT created_at, completed_at, lang FROM fondo_journeys WHERE user_id = $1 ORDER BY created_at, token_hash' },
  // Whom the user invited: only when each signed up, nothing about them.
  {
    name: 'invited_sign_ups',
    sql: `SELECT i.created_at FROM users i JOIN users me ON i.referrer_code = me.ambassador_code
           WHERE me.id = $1 AND i.id <> me.id ORDER BY i.created_at, i.id`,
  },
  { name: 'screen_visits', sql: 'SELECT id, screen, visited_at FROM screen_visits WHERE user_id = $1 ORDER BY id' },
  { name: 'files', sql: 'SELECT id, mime, size, created_at FROM files WHERE user_id = $1 ORDER BY id' },
  { name: 'devices', sql: 'SELECT user_agent, created_at, last_seen_at FROM token_families WHERE user_id = $1 ORDER BY created_at, family_id' },
  { name: 'notification_settings', sql: 'SELECT expiry, reward, claim, invite, time_zone, lang, updated_at FROM notification_settings WHERE user_id = $1 ORDER BY user_id' },
  // The push service's address of each device (its encryption keys are left out: a secret of the device, not data).
  { name: 'push_subscriptions', sql: 'SELECT id, endpoint, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id' },
  { name: 'notifications', sql: 'SELECT id, kind, data, created_at, read_at, push_state FROM notifications WHERE user_id = $1 ORDER BY id' },
];

/**
 * Writes the export to `write` as it is read: `{ version, generated_at, user_id, tables: { name: [rows] } }`.
 * `write` may return a promise (the stream's backpressure): it is awaited before the next page.
 */
export async function writeUserExport(db: Db, userId: number, write: (chunk: string) => unknown): Promise<void> {
  await write(`{"version":${EXPORT_VERSION},"generated_at":${JSON.stringify(new Date().toISOString())},"user_id":${userId},"tables":{`);
  for (const [i, table] of EXPORT_TABLES.entries()) {
    await write(`${i ? ',' : ''}${JSON.stringify(table.name)}:[`);
    let first = true;
    for (let offset = 0; ; offset += PAGE) {
      const { rows } = await db.query<Record<string, unknown>>(`${table.sql} LIMIT ${PAGE} OFFSET $2`, [userId, offset]);
      if (rows.length) {
        await write((first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(','));
        first = false;
      }
      if (rows.length < PAGE) break;
    }
    await write(']');
  }
  await write('}}');
}

/** Step-up: the caller's sign-in on this device (refresh-token family) began within `minutes`. */
export async function signedInWithin(db: Db, family: string | null | undefined, minutes: number): Promise<boolean> {
  if (!family) return false;
  const { rows } = await db.query('SELECT 1 FROM token_families WHERE family_id = $1 AND created_at > now() - ($2 || \' minutes\')::interval', [
    family,
    String(minutes),
  ]);
  return rows.length > 0;
}
