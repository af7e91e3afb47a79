/**
 * Privacy: the user's choice about screen-visit tracking (null: not chosen yet, treated as off) and
 * the signed-in devices, one row per refresh-token family (its user agent, first and last seen).
 */
export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN screen_visit_consent boolean;
ALTER TABLE users ADD COLUMN screen_visit_consent_at timestamptz;

CREATE TABLE token_families (
  family_id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_families_user_idx ON token_families (user_id);
CREATE INDEX token_families_last_seen_idx ON token_families (last_seen_at);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
`;
