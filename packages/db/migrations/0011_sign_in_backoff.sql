-- Sign-in backoff: wrong passwords counted per e-mail address signed in with, shared by every API
-- process and kept across restarts. Keyed by the address typed, whether or not an account has it,
-- so the backoff never tells which addresses are registered. From the 5th failure on, the next try
-- must wait 2^(failures - 5) seconds, at most 15 minutes (retry_at); a try is counted before its
-- password is checked, and a right password deletes the row.
CREATE TABLE sign_in_backoff (
  email text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures > 0),
  -- No try is checked before this time; NULL until the 5th failure.
  retry_at timestamptz,
  last_attempt_at timestamptz NOT NULL,
  -- The owner was told by e-mail that the backoff started (once per streak of failures).
  notified_at timestamptz
);
CREATE INDEX sign_in_backoff_last_attempt_idx ON sign_in_backoff (last_attempt_at);
