/** Ordered list of migrations. Never edit an applied one: add a new file. */
import { sql as m001 } from './001_init.ts';

export const migrations: { id: string; sql: string }[] = [{ id: '001_init', sql: m001 }];
