/**
 * `npm run operator:create -- <name>` (node build/server/cli/create-operator.js <name>): creates an
 * operator on the configured database (DATABASE_URL, or the PGlite DATA_DIR: stop the server first,
 * PGlite has one process) and prints its key once. Sign-up never makes one.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { createOperator } from '../services/operators.ts';
import { DomainError } from '../services/errors.ts';

async function main() {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: npm run operator:create -- <name>');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const key = await createOperator(db, name);
    console.log(`Operator ${name} created. Its key (shown only now; send it as "Authorization: Bearer <key>" to /operator/v1):`);
    console.log(key);
  } catch (err) {
    if (err instanceof DomainError) {
      console.error(err.description);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await db.close();
  }
}

void main();
