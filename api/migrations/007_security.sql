-- Issue 10, security findings 1 and 2.
-- An email change waits for the new address to confirm it: the token carries the new address.
ALTER TABLE one_time_tokens DROP CONSTRAINT IF EXISTS one_time_tokens_purpose_check;
ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'confirm-email'));
ALTER TABLE one_time_tokens ADD COLUMN payload text;

-- Bumped whenever a user's access must end now (disabled, deleted, roles, role permissions,
-- password): access tokens carry the stamp they were issued with and stop working when it moves.
ALTER TABLE users ADD COLUMN security_stamp integer NOT NULL DEFAULT 0;
