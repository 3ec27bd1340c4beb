-- The devnet's chain state (issue 20, ADR 0048), so that the sandbox survives a restart: per chain
-- where it stands (height, mempool arrival counter, fee market, random generator, other people's
-- waiting transactions), its transactions and its kept blocks. Written by the one process that holds
-- the devnet lock, one transaction per block or broadcast; read back on start. Balances and nonces
-- are not stored: they follow from the transactions and the genesis funding.

CREATE TABLE devnet_chains (
  chain text PRIMARY KEY CHECK (chain ~ '^[a-z]{3}$'),
  height bigint NOT NULL CHECK (height >= 0),
  seq bigint NOT NULL CHECK (seq >= 0),
  base_rate_milli numeric(78, 0) NOT NULL CHECK (base_rate_milli > 0),
  random_state integer[] NOT NULL CHECK (cardinality(random_state) = 4),
  -- [{rate, seq, expiresAfter}]: anonymous traffic, it only takes block space and moves fees.
  background jsonb NOT NULL CHECK (jsonb_typeof(background) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE devnet_blocks (
  chain text NOT NULL REFERENCES devnet_chains (chain),
  height bigint NOT NULL CHECK (height >= 0),
  hash text NOT NULL CHECK (length(hash) BETWEEN 1 AND 128),
  previous_hash text NOT NULL,
  time_ms bigint NOT NULL,
  txids text[] NOT NULL,
  PRIMARY KEY (chain, height)
);

CREATE TABLE devnet_transactions (
  chain text NOT NULL REFERENCES devnet_chains (chain),
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  seq bigint NOT NULL CHECK (seq >= 0),
  network text NOT NULL,
  asset text NOT NULL,
  fee_asset text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  destination_tag bigint,
  fee_rate numeric(78, 0) NOT NULL CHECK (fee_rate >= 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  nonce bigint,
  external boolean NOT NULL,
  withdrawal_id text,
  -- The adapter's idempotency key and request fingerprint, so a retried broadcast gets the same answer.
  broadcast_key text,
  broadcast_fingerprint text,
  broadcast_sweep boolean,
  state text NOT NULL CHECK (state IN ('pending', 'included', 'failed', 'replaced')),
  block_height bigint,
  block_hash text,
  failure_reason text,
  replaced_by text,
  fee_paid numeric(78, 0) NOT NULL CHECK (fee_paid >= 0),
  PRIMARY KEY (chain, txid),
  CONSTRAINT devnet_transactions_broadcast_whole CHECK (
    (broadcast_key IS NULL) = (broadcast_fingerprint IS NULL) AND (broadcast_key IS NULL) = (broadcast_sweep IS NULL)
  ),
  CONSTRAINT devnet_transactions_block_whole CHECK ((block_height IS NULL) = (block_hash IS NULL))
);
CREATE INDEX devnet_transactions_arrival ON devnet_transactions (chain, seq);
