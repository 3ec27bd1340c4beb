-- Chains read through a node (configured `rpc`, issue 20): the deposit scanner's place on each chain,
-- the hashes of the blocks it walked (to find where a reorganisation forked), the signed withdrawals
-- kept before the node sees them (a retry sends the same bytes: one txid per withdrawal), and the
-- alerts an operator must act on (a credited deposit whose block left the chain).

-- The last block whose deposits were recorded, per chain. Moved by a conditional update, so two
-- scanners never both advance it from the same block.
CREATE TABLE chain_cursors (
  chain text PRIMARY KEY,
  height bigint NOT NULL CHECK (height >= 0),
  hash text NOT NULL CHECK (length(hash) BETWEEN 1 AND 128),
  updated_at timestamptz NOT NULL
);

-- Blocks the scanner walked, at most one per height: the chain as Rora saw it.
CREATE TABLE chain_blocks (
  chain text NOT NULL,
  height bigint NOT NULL CHECK (height >= 0),
  hash text NOT NULL CHECK (length(hash) BETWEEN 1 AND 128),
  previous_hash text NOT NULL,
  PRIMARY KEY (chain, height)
);

-- A signed withdrawal, written (and committed) before it is sent to the node.
CREATE TABLE chain_broadcasts (
  network text NOT NULL,
  id text NOT NULL,
  fingerprint text NOT NULL,
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  raw text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (network, id),
  CONSTRAINT chain_broadcasts_txid_once UNIQUE (network, txid)
);

-- The block a deposit was seen in, to tell whether a reorganisation took it away.
ALTER TABLE chain_deposits ADD COLUMN block_hash text;
CREATE INDEX chain_deposits_block_idx ON chain_deposits (network, block_height) WHERE block_height IS NOT NULL;

-- Raised once per (kind, subject); closed by an operator.
CREATE TABLE operator_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('deposit_reorganized_after_credit')),
  subject_id text NOT NULL,
  details jsonb NOT NULL,
  raised_at timestamptz NOT NULL,
  resolved_at timestamptz,
  CONSTRAINT operator_alerts_once UNIQUE (kind, subject_id)
);
