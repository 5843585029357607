-- Issue 10, findings 4, 5, 6 and 9: fixed-window counters for the agency API's rate limits,
-- shared by every API instance through the database. A key is a purpose and a hashed subject
-- (an address, a client, an account); a row past its window is reused or swept.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
