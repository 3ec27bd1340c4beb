-- The ledger (DESIGN §5, TigerBeetle's vocabulary): accounts with stored balances, an append-only
-- log of transfers, and holds (pending transfers into a held account, later posted or voided).
-- Only @rora/ledger writes these tables, through ledger_apply() (packages/ledger/sql, ADR 0017); the
-- transfers are append-only (ledger_transfers_append_only.sql there).
--
-- Sign convention: balance = credits - debits, in minor units of the account's asset. Customer
-- accounts and house liabilities are positive; the accounts that stand for coins the house holds
-- or value outside the books (external_world, chain_omnibus, cold_omnibus) go negative. Every
-- transfer adds to one account what it takes from another, so per asset all balances sum to zero.
-- Amounts are numeric(78,0): 18-decimal assets overflow int8 at about 9.2 whole coins.

CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: an account of the house (system account).
  owner_id uuid REFERENCES users(id),
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  kind text NOT NULL,
  -- Only the accounts that mirror outside holdings may go negative; derived, so it cannot be set wrong.
  allow_negative boolean NOT NULL GENERATED ALWAYS AS (kind IN ('external_world', 'chain_omnibus', 'cold_omnibus')) STORED,
  balance numeric(78, 0) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_kind_matches_owner CHECK (
    (owner_id IS NOT NULL AND kind IN ('available', 'held', 'staked', 'cold', 'loan_escrow'))
    OR (owner_id IS NULL AND kind IN ('external_world', 'chain_omnibus', 'cold_omnibus', 'fees', 'liquidity', 'staking_rewards', 'dust'))
  ),
  CONSTRAINT ledger_accounts_customer_balance_not_negative CHECK (owner_id IS NULL OR balance >= 0),
  CONSTRAINT ledger_accounts_balance_not_negative CHECK (allow_negative OR balance >= 0),
  -- Target of the (account, asset) foreign keys below: a transfer's asset is its accounts' asset.
  CONSTRAINT ledger_accounts_id_asset UNIQUE (id, asset)
);
-- One account per (owner, asset, kind); the house (NULL owner) counts as one owner.
CREATE UNIQUE INDEX ledger_accounts_owner_asset_kind
  ON ledger_accounts ((coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)), asset, kind);

CREATE TABLE ledger_holds (
  -- Also the id of the hold's pending transfer (available -> held).
  id uuid PRIMARY KEY,
  -- The available account the amount came from and returns to when voided.
  account_id bigint NOT NULL,
  held_account_id bigint NOT NULL,
  asset text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  posted_amount numeric(78, 0) NOT NULL DEFAULT 0 CHECK (posted_amount >= 0),
  voided_amount numeric(78, 0) NOT NULL DEFAULT 0 CHECK (voided_amount >= 0),
  -- pending: some amount still held. posted: all of it posted. voided: the remainder returned
  -- (after zero or more partial posts). posted and voided are final.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  code text NOT NULL,
  void_transfer_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT ledger_holds_within_amount CHECK (posted_amount + voided_amount <= amount),
  CONSTRAINT ledger_holds_pending_while_remaining CHECK ((status = 'pending') = (posted_amount + voided_amount < amount)),
  CONSTRAINT ledger_holds_settled_when_final CHECK ((status = 'pending') = (settled_at IS NULL)),
  CONSTRAINT ledger_holds_void_has_transfer CHECK ((status = 'voided') = (void_transfer_id IS NOT NULL)),
  CONSTRAINT ledger_holds_posted_has_no_void CHECK (status <> 'posted' OR voided_amount = 0),
  FOREIGN KEY (account_id, asset) REFERENCES ledger_accounts (id, asset),
  FOREIGN KEY (held_account_id, asset) REFERENCES ledger_accounts (id, asset)
);
CREATE INDEX ledger_holds_pending_idx ON ledger_holds (held_account_id) WHERE status = 'pending';

CREATE TABLE ledger_transfers (
  -- Order of commit within an account's history (ids are random).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- The caller's idempotency key: one id, one effect.
  id uuid PRIMARY KEY,
  debit_account_id bigint NOT NULL,
  credit_account_id bigint NOT NULL,
  asset text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{1,62}$'),
  hold_id uuid REFERENCES ledger_holds (id),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transfers_accounts_differ CHECK (debit_account_id <> credit_account_id),
  FOREIGN KEY (debit_account_id, asset) REFERENCES ledger_accounts (id, asset),
  FOREIGN KEY (credit_account_id, asset) REFERENCES ledger_accounts (id, asset)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, seq);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, seq);
CREATE INDEX ledger_transfers_hold_idx ON ledger_transfers (hold_id) WHERE hold_id IS NOT NULL;
