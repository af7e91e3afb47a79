/**
 * The networks that may post conversions and their signing secrets: PARTNER_SECRETS, or when it is
 * unset one network `demo` whose secret is made on first start and kept in the database (app_meta:
 * in the PGlite data directory, and shared by every process on one PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';

export const DEMO_NETWORK = 'demo';
const DEMO_SECRET_KEY = 'partner_secret_demo';

const cache = new WeakMap<Db, Promise<Map<string, string>>>();

export function partnerSecrets(db: Db, config: Pick<Config, 'partnerSecrets'>): Promise<Map<string, string>> {
  if (config.partnerSecrets) return Promise.resolve(config.partnerSecrets);
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      await db.query(`INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [DEMO_SECRET_KEY, randomBytes(32).toString('hex')]);
      const { rows } = await db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [DEMO_SECRET_KEY]);
      return new Map([[DEMO_NETWORK, rows[0].value]]);
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}
