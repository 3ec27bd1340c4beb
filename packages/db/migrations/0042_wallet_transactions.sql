-- Money in and out of wallets, each with its state machine enforced by a trigger (TESTING.md #9:
-- records move only along their edges; the triggers are in apps/api/src/modules/wallets/sql) and the
-- uniqueness that makes effects happen once (#10).

-- Deposits seen on chain: pending on the mempool sighting, credited once after the network's
-- confirmations. (network, txid, output_index) is unique, so a transaction reported twice is one row;
-- the ledger transfer that credits it has the deposit's id, so it can only ever be booked once.
CREATE TABLE chain_deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  network text NOT NULL,
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  output_index integer NOT NULL DEFAULT 0 CHECK (output_index >= 0),
  wallet_id uuid NOT NULL REFERENCES wallets(id),
  user_id uuid NOT NULL REFERENCES users(id),
  asset text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  from_address text,
  status text NOT NULL CHECK (status IN ('pending', 'confirming', 'credited', 'failed')),
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL CHECK (required_confirmations > 0),
  block_height bigint,
  failure_reason text,
  first_seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  credited_at timestamptz,
  CONSTRAINT chain_deposits_once UNIQUE (network, txid, output_index),
  CONSTRAINT chain_deposits_credited_has_time CHECK ((status = 'credited') = (credited_at IS NOT NULL))
);
CREATE INDEX chain_deposits_wallet_idx ON chain_deposits (wallet_id, first_seen_at DESC);
CREATE INDEX chain_deposits_open_idx ON chain_deposits (network) WHERE status IN ('pending', 'confirming');

-- Sends from a wallet. The id is also the ledger hold's id and the broadcast's idempotency id, so a
-- retry can neither hold twice nor broadcast twice. External: held -> broadcast -> confirmed ->
-- posted, or voided (refused before the chain, or failed on it) with the hold returned. Internal (to
-- another Rora customer's address): held -> posted, settled by the ledger alone, no network fee.
CREATE TABLE wallet_sends (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  wallet_id uuid NOT NULL REFERENCES wallets(id),
  network text NOT NULL,
  asset text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('external', 'internal')),
  to_address text NOT NULL,
  destination_tag bigint CHECK (destination_tag BETWEEN 0 AND 4294967295),
  recipient_user_id uuid REFERENCES users(id),
  recipient_wallet_id uuid REFERENCES wallets(id),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  -- What the customer pays on top of the amount, in the wallet's asset.
  fee numeric(78, 0) NOT NULL CHECK (fee >= 0),
  priority text NOT NULL CHECK (priority IN ('slow', 'normal', 'fast')),
  status text NOT NULL CHECK (status IN ('held', 'broadcast', 'confirmed', 'posted', 'voided')),
  -- Set once the PIN or authenticator code approved the send; unapproved holds are voided, never sent.
  approved_at timestamptz,
  txid text,
  -- What the chain charged the hot wallet, in the chain's native asset.
  network_fee numeric(78, 0),
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  broadcast_at timestamptz,
  settled_at timestamptz,
  CONSTRAINT wallet_sends_txid_once UNIQUE (network, txid),
  CONSTRAINT wallet_sends_internal_has_recipient CHECK (
    (kind = 'internal') = (recipient_user_id IS NOT NULL AND recipient_wallet_id IS NOT NULL)
  ),
  CONSTRAINT wallet_sends_internal_is_free CHECK (kind = 'external' OR fee = 0),
  CONSTRAINT wallet_sends_broadcast_has_txid CHECK (status NOT IN ('broadcast', 'confirmed') OR txid IS NOT NULL),
  CONSTRAINT wallet_sends_sent_was_approved CHECK (status IN ('held', 'voided') OR approved_at IS NOT NULL),
  CONSTRAINT wallet_sends_settled_has_time CHECK ((status IN ('posted', 'voided')) = (settled_at IS NOT NULL))
);
CREATE INDEX wallet_sends_wallet_idx ON wallet_sends (wallet_id, created_at DESC);
CREATE INDEX wallet_sends_recipient_idx ON wallet_sends (recipient_wallet_id, created_at DESC)
  WHERE recipient_wallet_id IS NOT NULL;
CREATE INDEX wallet_sends_open_idx ON wallet_sends (network) WHERE status IN ('held', 'broadcast', 'confirmed');
