-- Staking (issue 17, ADR 0029): plans are rows, a stake moves its principal from the customer's
-- available account to their staked account (transfer `stake`), and rewards accrue once a day from
-- the asset's rewards pool (system account staking_rewards). Each stake's rewards for its whole term
-- are reserved against the pool when it is placed (staking_pools.reserved), so a plan stops taking
-- stakes before its pool runs dry and an accrual never finds the pool empty. One row per stake and
-- day in stake_accruals, written in the transaction that moves the reward, makes each day accrue
-- exactly once whatever the job does (the functions live in apps/api/src/modules/staking/sql).

CREATE TABLE staking_plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  -- Spec §9: up to 14.5 % a year.
  apy_bps integer NOT NULL CHECK (apy_bps > 0 AND apy_bps <= 1450),
  -- NULL: flexible (unstake at any time); else locked for this many days.
  lock_days integer CHECK (lock_days IS NULL OR lock_days BETWEEN 1 AND 730),
  -- Minor units of the asset.
  min_amount numeric(78, 0) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(78, 0) NOT NULL,
  capacity numeric(78, 0) NOT NULL,
  -- The principal of the plan's active stakes; never above the capacity.
  staked_total numeric(78, 0) NOT NULL DEFAULT 0 CHECK (staked_total >= 0),
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL,
  CONSTRAINT staking_plans_max_above_min CHECK (max_amount >= min_amount),
  CONSTRAINT staking_plans_capacity_holds_max CHECK (capacity >= max_amount),
  CONSTRAINT staking_plans_within_capacity CHECK (staked_total <= capacity)
);

-- Per asset, the rewards promised to active stakes and not yet accrued: the pool's ledger balance
-- (staking_rewards) must cover it; the stake and accrual paths keep both under this row's lock.
CREATE TABLE staking_pools (
  asset text PRIMARY KEY CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  reserved numeric(78, 0) NOT NULL DEFAULT 0 CHECK (reserved >= 0)
);

CREATE TABLE stakes (
  -- Also the id of the `stake` transfer that moved the principal.
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  plan_id text NOT NULL REFERENCES staking_plans(id),
  asset text NOT NULL,
  principal numeric(78, 0) NOT NULL CHECK (principal > 0),
  -- The plan's terms when staked: a plan's later change never alters a running stake.
  apy_bps integer NOT NULL CHECK (apy_bps > 0 AND apy_bps <= 1450),
  flexible boolean NOT NULL,
  -- Days that accrue: the lock, or for a flexible stake the one-year horizon its reserve covers.
  term_days integer NOT NULL CHECK (term_days > 0),
  start_day date NOT NULL,
  -- start_day + term_days: the last day that accrues (and, locked, the day it is paid out).
  end_day date NOT NULL,
  -- The last day accrued (start_day until the first accrual).
  accrued_through date NOT NULL,
  rewards_accrued numeric(78, 0) NOT NULL DEFAULT 0 CHECK (rewards_accrued >= 0),
  rewards_paid numeric(78, 0) NOT NULL DEFAULT 0 CHECK (rewards_paid >= 0),
  rewards_forfeited numeric(78, 0) NOT NULL DEFAULT 0 CHECK (rewards_forfeited >= 0),
  -- What is still reserved in the pool for this stake's days not yet accrued.
  reserved numeric(78, 0) NOT NULL CHECK (reserved >= 0),
  status text NOT NULL CHECK (status IN ('active', 'matured', 'unstaked')),
  created_at timestamptz NOT NULL,
  ended_at timestamptz,
  notified_at timestamptz,
  CONSTRAINT stakes_end_after_start CHECK (end_day = start_day + term_days),
  CONSTRAINT stakes_accrued_within_term CHECK (accrued_through BETWEEN start_day AND end_day),
  CONSTRAINT stakes_rewards_add_up CHECK (rewards_paid + rewards_forfeited <= rewards_accrued),
  CONSTRAINT stakes_ended_has_time CHECK ((status = 'active') = (ended_at IS NULL)),
  CONSTRAINT stakes_ended_releases_reserve CHECK (status = 'active' OR reserved = 0)
);
CREATE INDEX stakes_user_idx ON stakes (user_id, created_at DESC, id);
CREATE INDEX stakes_due_idx ON stakes (accrued_through, id) WHERE status = 'active';
CREATE INDEX stakes_unnotified_idx ON stakes (ended_at) WHERE status = 'matured' AND notified_at IS NULL;

-- One row per stake and day accrued; its key is the exactly-once rule. No foreign key to stakes:
-- its per-row check cost 90 µs a row, 45 % of a day's accrual (ADR 0029), and the one writer,
-- staking_accrue, inserts rows only for the stakes it has just locked.
CREATE TABLE stake_accruals (
  stake_id uuid NOT NULL,
  day date NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (stake_id, day)
);

-- The sandbox's test clock: days added to the real date by staking's accrual and maturity. Only the
-- development route writes it, and only a sandbox reads it (ADR 0029).
CREATE TABLE staking_sandbox_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_days integer NOT NULL CHECK (offset_days BETWEEN 0 AND 36500)
);

-- The plans: stablecoins mainly (spec §1, §9: up to 14.5 % a year), a few for other coins. Amounts
-- in minor units (USDT 6 decimals, BUSD 18, BTC 8, ETH 18, SOL 9, BNB 18).
INSERT INTO staking_plans (id, asset, apy_bps, lock_days, min_amount, max_amount, capacity, sort_order) VALUES
  ('usdt-flexible', 'USDT', 600, NULL, 10000000, 100000000000, 5000000000000, 10),
  ('usdt-30', 'USDT', 900, 30, 50000000, 250000000000, 10000000000000, 20),
  ('usdt-90', 'USDT', 1200, 90, 100000000, 500000000000, 10000000000000, 30),
  ('usdt-180', 'USDT', 1450, 180, 500000000, 1000000000000, 10000000000000, 40),
  ('busd-flexible', 'BUSD', 500, NULL, 10000000000000000000, 100000000000000000000000, 5000000000000000000000000, 50),
  ('busd-60', 'BUSD', 1100, 60, 50000000000000000000, 250000000000000000000000, 5000000000000000000000000, 60),
  ('eth-30', 'ETH', 420, 30, 10000000000000000, 100000000000000000000, 5000000000000000000000, 70),
  ('sol-60', 'SOL', 650, 60, 1000000000, 10000000000000, 1000000000000000, 80),
  ('bnb-90', 'BNB', 380, 90, 50000000000000000, 500000000000000000000, 20000000000000000000000, 90),
  ('btc-90', 'BTC', 150, 90, 100000, 1000000000, 100000000000, 100);
INSERT INTO staking_pools (asset) SELECT DISTINCT asset FROM staking_plans;
