-- Failed sign-in counters (issue #8, docs/decisions.md "Safe by default"),
-- shared by every instance on this database and kept across restarts.
-- key is 'pair:<address>|<account>', 'account:<account>' or 'address:<address>'
-- (the address first, as it never contains '|'). An attempt is counted here
-- before its password is checked, under a row lock, so concurrent attempts see
-- each other; a success undoes its count. Rows quiet for an hour are deleted.
CREATE TABLE sign_in_attempts (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL
);

CREATE INDEX sign_in_attempts_last_failure_at ON sign_in_attempts (last_failure_at);
