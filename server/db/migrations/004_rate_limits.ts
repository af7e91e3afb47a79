/**
 * Per-client request counters shared by every server process on the database (rate-limiter-flexible's
 * PostgreSQL store layout: expire is epoch ms), and indexes for the retention purge.
 */
export const sql = /* sql */ `
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
CREATE INDEX screen_visits_visited_at_idx ON screen_visits (visited_at);
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);
`;
