-- Keys left in flight by a process that died (ADR 0024). Each API process holds a lease row it renews
-- while it lives; a key records the process that claimed it (owner_id) and, in the transaction that
-- commits the request's effect, which effect that is (effect_id). A key in flight whose owner's lease
-- has lapsed is resolved at once by the next retry: the answer of its effect, or released when none
-- committed. Keys claimed before this migration have no owner and stay in flight until purged.
CREATE TABLE idempotency_owners (
  id uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
ALTER TABLE idempotency_keys ADD COLUMN owner_id uuid, ADD COLUMN effect_id uuid;
