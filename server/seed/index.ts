/**
 * seedDemoData: idempotent, deterministic demo data. The catalogue is seeded once (and topped
 * up when a larger SEED_BRANDS is asked for later); demo users 1..demoUsers are created when
 * missing, so raising DEMO_USERS on an existing database adds users.
 */
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/open.ts';
import { NORMAL_BRAND_COUNT, addBrands, seedCatalogue, seedProjectDutch } from './catalogue.ts';
import { DEMO_PASSWORD, demoEmail, seedDemoUser } from './users.ts';
import { seedWalletLifecycle } from './wallet-lifecycle.ts';
import { ARGON2_OPTIONS } from '../auth/passwords.ts';
import { invalidateCatalogue } from '../catalogue/cache.ts';

export { DEMO_PASSWORD, demoEmail } from './users.ts';

export const TRANSACTION_TYPES = [
  'signup',
  'first_purchase_card_linking',
  'referral',
  'contribution',
  'first_purchase_affiliate',
  'card_linking',
  'share',
  'donation',
  'purchase',
  'refund',
] as const;

export interface SeedOptions {
  /** 0 or undefined: the normal catalogue (~130 brands); N: N brands. */
  brands?: number;
  /** Number of demo users (default 1). */
  demoUsers?: number;
  /** Reference date for the demo history (default now). */
  now?: Date;
}

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<void> {
  const brandCount = opts.brands && opts.brands > 0 ? opts.brands : NORMAL_BRAND_COUNT;
  const demoUsers = opts.demoUsers ?? 1;
  const now = opts.now ?? new Date();
  // Hash outside the transaction (argon2 runs on the thread pool); one hash for all demo users.
  let passwordHash: string | null = null;
  const demoHash = async () => (passwordHash ??= await hash(DEMO_PASSWORD, ARGON2_OPTIONS));

  const existing = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE email LIKE 'demo%@socialpay.test'`,
  );
  const existingEmails = new Set(existing.rows.map((r) => r.email));
  const missingUsers: number[] = [];
  for (let n = 1; n <= demoUsers; n++) if (!existingEmails.has(demoEmail(n))) missingUsers.push(n);
  if (missingUsers.length > 0) await demoHash();

  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727002)');
    const seeded = await tx.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = 'catalogue_seeded'`);
    if (seeded.rows.length === 0) {
      await tx.query(
        `INSERT INTO transaction_types (id, name) SELECT i, n FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i)`,
        [TRANSACTION_TYPES as unknown as string[]],
      );
      await seedCatalogue(tx, brandCount);
      await tx.query(`INSERT INTO app_meta (key, value) VALUES ('catalogue_seeded', $1)`, [now.toISOString()]);
    } else {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM brands');
      if (rows[0].n < brandCount) await addBrands(tx, rows[0].n, brandCount);
    }
    await seedProjectDutch(tx);

    if (missingUsers.length === 0) return;
    const types = await tx.query<{ id: number; name: string }>('SELECT id, name FROM transaction_types');
    const typeIds = new Map(types.rows.map((r) => [r.name, r.id]));
    const accs = await tx.query<{ id: number; system_key: string | null; project_id: number | null }>(
      'SELECT id, system_key, project_id FROM loyalty_accounts WHERE user_id IS NULL',
    );
    const accounts = {
      rewards: accs.rows.find((a) => a.system_key === 'rewards')!.id,
      pension: accs.rows.find((a) => a.system_key === 'pension')!.id,
      projects: new Map(accs.rows.filter((a) => a.project_id !== null).map((a) => [a.project_id!, a.id])),
    };
    const again = await tx.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE 'demo%@socialpay.test'`);
    const present = new Set(again.rows.map((r) => r.email));
    for (const n of missingUsers) {
      if (present.has(demoEmail(n))) continue;
      await seedDemoUser(tx, n, await demoHash(), accounts, typeIds, now);
    }
    await seedWalletLifecycle(tx, missingUsers.filter((n) => !present.has(demoEmail(n))).map(demoEmail), now);
  });
  // Brands may have been added: nothing cached from the catalogue may outlive that.
  invalidateCatalogue(db);
}
