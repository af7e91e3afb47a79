import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { TokenOwner } from '../auth/tokens.ts';

export type AppEnv = {
  Variables: {
    db: Db;
    config: Config;
    auth: TokenOwner | null;
  };
};
