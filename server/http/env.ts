import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { TokenOwner } from '../auth/tokens.ts';
import type { FileStore } from '../services/file-store.ts';

export type AppEnv = {
  Variables: {
    db: Db;
    config: Config;
    /** Where uploaded files' bytes live. */
    files: FileStore;
    auth: TokenOwner | null;
  };
};
