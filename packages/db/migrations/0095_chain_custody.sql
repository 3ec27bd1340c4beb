-- Custody of the coins on chain (issue 20, ADR 0044): what the chain showed at Rora's addresses, for
-- `npm run ledger:check`; the platform's own moves between its addresses (sweeps of deposit addresses
-- into the hot wallet, the hot wallet's excess to cold storage); sends that wait for the hot wallet
-- to be refilled, and the operator alert they raise.

-- The last balances an adapter read at Rora's addresses on one network, in minor units of its asset:
-- the hot wallet, all deposit addresses together, and the configured (watch-only) cold addresses.
CREATE TABLE chain_balance_observations (
  network text PRIMARY KEY,
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  hot numeric(78, 0) NOT NULL CHECK (hot >= 0),
  deposits numeric(78, 0) NOT NULL CHECK (deposits >= 0),
  cold numeric(78, 0) NOT NULL CHECK (cold >= 0),
  height bigint NOT NULL CHECK (height >= 0),
  observed_at timestamptz NOT NULL
);

-- A move between Rora's own addresses. `sweep`: a deposit address into the hot wallet; `cold`: the
-- hot wallet's excess over its ceiling to a cold address; `gas_top_up`: the hot wallet's native coin to a
-- deposit address holding tokens, so that their sweep can pay its gas. Its network fee is booked once it is
-- final (fee_result -> chain_omnibus, code network_fee), and a cold move's amount moves
-- chain_omnibus -> cold_omnibus (code hot_to_cold); customers' balances are never touched.
CREATE TABLE chain_sweeps (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sweep', 'cold', 'gas_top_up')),
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  status text NOT NULL CHECK (status IN ('broadcast', 'settled', 'failed')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT chain_sweeps_txid_once UNIQUE (network, txid),
  CONSTRAINT chain_sweeps_settled_has_time CHECK ((status = 'broadcast') = (settled_at IS NULL))
);
-- At most one move in flight per deposit address (a second sweep would spend the same coins, a
-- second top-up pay twice), and one cold move per network.
CREATE UNIQUE INDEX chain_sweeps_one_open_sweep ON chain_sweeps (network, from_address)
  WHERE status = 'broadcast' AND kind = 'sweep';
CREATE UNIQUE INDEX chain_sweeps_one_open_top_up ON chain_sweeps (network, to_address)
  WHERE status = 'broadcast' AND kind = 'gas_top_up';
CREATE UNIQUE INDEX chain_sweeps_one_open_cold_move ON chain_sweeps (network)
  WHERE status = 'broadcast' AND kind = 'cold';

-- Why an approved send is still held: its chain is degraded, or the hot wallet cannot cover it
-- until an operator refills it. Cleared when it is broadcast.
ALTER TABLE wallet_sends ADD COLUMN waiting_reason text
  CHECK (waiting_reason IN ('chain_degraded', 'hot_wallet_short'));

ALTER TABLE operator_alerts DROP CONSTRAINT operator_alerts_kind_check;
ALTER TABLE operator_alerts ADD CONSTRAINT operator_alerts_kind_check
  CHECK (kind IN ('deposit_reorganized_after_credit', 'hot_wallet_short'));
