/** Ordered list of migrations. Never edit an applied one: add a new file. */
import { sql as m001 } from './001_init.ts';
import { sql as m002 } from './002_brand_dutch_name_index.ts';
import { sql as m003 } from './003_wallet_balance.ts';
import { sql as m004 } from './004_rate_limits.ts';
import { sql as m005 } from './005_file_chunks.ts';
import { sql as m006 } from './006_order_language.ts';
import { sql as m007 } from './007_order_receipts.ts';
import { sql as m008 } from './008_trips_reward_path.ts';
import { sql as m009 } from './009_order_expiry.ts';
import { sql as m010 } from './010_project_dutch.ts';
import { sql as m011 } from './011_privacy.ts';
import { sql as m012 } from './012_search_key_folding.ts';
import { sql as m013 } from './013_every_project_has_a_picture.ts';
import { sql as m014 } from './014_reward_loop.ts';
import { sql as m015 } from './015_notifications.ts';

export const migrations: { id: string; sql: string }[] = [
  { id: '001_init', sql: m001 },
  { id: '002_brand_dutch_name_index', sql: m002 },
  { id: '003_wallet_balance', sql: m003 },
  { id: '004_rate_limits', sql: m004 },
  { id: '005_file_chunks', sql: m005 },
  { id: '006_order_language', sql: m006 },
  { id: '007_order_receipts', sql: m007 },
  { id: '008_trips_reward_path', sql: m008 },
  { id: '009_order_expiry', sql: m009 },
  { id: '010_project_dutch', sql: m010 },
  { id: '011_privacy', sql: m011 },
  { id: '012_search_key_folding', sql: m012 },
  { id: '013_every_project_has_a_picture', sql: m013 },
  { id: '014_reward_loop', sql: m014 },
  { id: '015_notifications', sql: m015 },
];
