-- A submission's hand-over to the identity provider, claimed before the call (which runs in no
-- transaction, ADR 0064) and closed when it is recorded or given up. One live hand-over per
-- customer: a second replica sending the same customer's application meanwhile is refused before it
-- reaches the provider. A decision that names the reference of a hand-over given up (or one whose
-- process died: its claim lapsed) is recorded and ignored, instead of refused for the provider to
-- retry until it gives up.
CREATE TABLE kyc_handovers (
  reference text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  -- Past this the claim lapses: a process that died mid-way no longer blocks the customer.
  lapses_at timestamptz NOT NULL CHECK (lapses_at > started_at),
  recorded_at timestamptz,
  given_up_at timestamptz,
  CHECK (recorded_at IS NULL OR given_up_at IS NULL)
);
CREATE INDEX kyc_handovers_open_idx ON kyc_handovers (user_id) WHERE recorded_at IS NULL AND given_up_at IS NULL;
