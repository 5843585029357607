-- Issue 10, finding 6: a progressive delay per account instead of a hard lock. A row counts the
-- sign-in guesses checked against one account (a known user by id, an unknown typed name by its
-- hash, so both are answered alike); users.locked_until stays as what the admin screens show.
CREATE TABLE sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz
);
CREATE INDEX sign_in_throttle_last_failure_at ON sign_in_throttle (last_failure_at);
ALTER TABLE users DROP COLUMN failed_login_count;
ALTER TABLE users DROP COLUMN failed_login_window_start;
