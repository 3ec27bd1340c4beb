-- Coin-to-coin swaps: firm quotes (GET /convert) and the swaps placed on them (POST /order type swap).
-- A swap's id is also the id of its ledger hold (swap_hold), so it can be held only once; its
-- settlement transfers carry ids derived from it, so it can be settled only once. Its state moves
-- only along in_progress -> completed | failed (TESTING.md #9), enforced by a trigger
-- (apps/api/src/modules/swap/sql).

-- A quote is firm for its customer until expires_at, and can back one swap.
CREATE TABLE swap_quotes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  from_asset text NOT NULL CHECK (from_asset ~ '^[A-Z0-9]{2,12}$'),
  to_asset text NOT NULL CHECK (to_asset ~ '^[A-Z0-9]{2,12}$'),
  -- Source minor units held, fee included = fee + converted + dust.
  quantity numeric(78, 0) NOT NULL CHECK (quantity > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  converted numeric(78, 0) NOT NULL CHECK (converted > 0),
  dust numeric(78, 0) NOT NULL CHECK (dust >= 0),
  -- Target minor units credited.
  receive numeric(78, 0) NOT NULL CHECK (receive > 0),
  spread numeric(78, 0) NOT NULL CHECK (spread >= 0),
  spread_bps integer NOT NULL CHECK (spread_bps BETWEEN 0 AND 9999),
  fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  -- Display rates (target per source), cut to 12 decimals; the amounts above are what count.
  reference_rate text NOT NULL,
  rate text NOT NULL,
  route text NOT NULL CHECK (route IN ('direct', 'inverse', 'via_quote_asset', 'via_usd')),
  usd_value numeric(38, 2) NOT NULL CHECK (usd_value >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT swap_quotes_assets_differ CHECK (from_asset <> to_asset),
  CONSTRAINT swap_quotes_parts_sum CHECK (fee + converted + dust = quantity),
  CONSTRAINT swap_quotes_expire_after_creation CHECK (expires_at > created_at)
);
CREATE INDEX swap_quotes_user_idx ON swap_quotes (user_id, created_at DESC);
CREATE INDEX swap_quotes_unused_idx ON swap_quotes (expires_at) WHERE used_at IS NULL;

CREATE TABLE swaps (
  -- Also the id of the ledger hold on the source amount.
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  quote_id uuid NOT NULL UNIQUE REFERENCES swap_quotes(id),
  from_asset text NOT NULL,
  to_asset text NOT NULL,
  quantity numeric(78, 0) NOT NULL CHECK (quantity > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  converted numeric(78, 0) NOT NULL CHECK (converted > 0),
  dust numeric(78, 0) NOT NULL CHECK (dust >= 0),
  receive numeric(78, 0) NOT NULL CHECK (receive > 0),
  rate text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_progress', 'completed', 'failed')),
  -- When the settlement job takes it (SWAP_SETTLEMENT_DELAY_MS after placing, at most 30 minutes).
  due_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  failure_reason text,
  -- Settlement attempts that ended in an error (a crash, a lost connection): for operators.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Set once the customer was notified of the outcome; the job retries a missing notification.
  notified_at timestamptz,
  CONSTRAINT swaps_parts_sum CHECK (fee + converted + dust = quantity),
  CONSTRAINT swaps_due_within_30_minutes CHECK (due_at <= created_at + interval '30 minutes'),
  CONSTRAINT swaps_settled_has_time CHECK ((status = 'in_progress') = (settled_at IS NULL)),
  CONSTRAINT swaps_failed_has_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);
CREATE INDEX swaps_user_idx ON swaps (user_id, created_at DESC);
CREATE INDEX swaps_due_idx ON swaps (due_at) WHERE status = 'in_progress';
CREATE INDEX swaps_unnotified_idx ON swaps (settled_at) WHERE status <> 'in_progress' AND notified_at IS NULL;
