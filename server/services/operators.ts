/**
 * Operators: the people who answer missing-reward claims and unmatched conversions. An operator has
 * a key of its own (made by the create-operator command, shown once, stored as its sha256), looked up
 * only in `operators`: no user or visitor token is ever one. Every action is written to
 * operator_actions (who, when, what) in the same database transaction as the action itself.
 */
import type { Db } from '../db/open.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { DomainError } from './errors.ts';

export interface Operator {
  id: number;
  name: string;
}

export const OPERATOR_KEY_PREFIX = 'spop_';

/** Creates an operator; answers its key (the only time it is shown). */
export async function createOperator(db: Db, name: string): Promise<string> {
  if (!/^[A-Za-z0-9._@-]{1,64}$/.test(name)) throw new DomainError('invalid', 'invalid_name', 'An operator name is 1 to 64 letters, digits, . _ @ or -.');
  const key = OPERATOR_KEY_PREFIX + randomToken(32);
  const ins = await db.query('INSERT INTO operators (name, key_hash) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id', [name, sha256(key)]);
  if (ins.rows.length === 0) throw new DomainError('conflict', 'operator_exists', `An operator named ${name} exists already.`);
  return key;
}

export async function operatorByKey(db: Db, key: string): Promise<Operator | null> {
  if (!key.startsWith(OPERATOR_KEY_PREFIX) || key.length > 200) return null;
  const { rows } = await db.query<Operator>('SELECT id, name FROM operators WHERE key_hash = $1', [sha256(key)]);
  return rows[0] ?? null;
}

/** Records an action (inside the caller's transaction, so it is kept exactly when the action is). */
export async function recordAction(tx: Db, operator: Operator, action: string, subject: string, detail: Record<string, unknown>): Promise<void> {
  await tx.query('INSERT INTO operator_actions (operator_id, action, subject, detail) VALUES ($1, $2, $3, $4)', [operator.id, action, subject, JSON.stringify(detail)]);
}
