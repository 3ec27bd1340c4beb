-- Customers' wallets: one deposit address per (customer, network), derived from the configured
-- extended public keys (or the XRP omnibus address plus a destination tag, or the Solana pool). Each
-- customer draws one derivation index, shared by every chain, so a customer's Ethereum address is also
-- their address for ERC-20 tokens and on BNB Smart Chain. Balances live in the ledger, not here.

CREATE SEQUENCE wallet_address_index_seq AS integer MINVALUE 0 START WITH 0;

CREATE TABLE wallet_owners (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE RESTRICT,
  address_index integer NOT NULL UNIQUE DEFAULT nextval('wallet_address_index_seq') CHECK (address_index >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES wallet_owners(user_id) ON DELETE RESTRICT,
  network text NOT NULL CHECK (network ~ '^[a-z0-9-]{2,32}$'),
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  address_index integer NOT NULL CHECK (address_index >= 0),
  address text NOT NULL CHECK (length(address) BETWEEN 20 AND 128),
  -- XRP: the tag that routes a payment to the omnibus address to this customer.
  destination_tag bigint CHECK (destination_tag BETWEEN 0 AND 4294967295),
  -- BIP32 path of the key that spends the address (hd chains), for the signer.
  derivation_path text,
  favourite boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wallets_one_per_network UNIQUE (user_id, network),
  -- An address (with its tag) belongs to one customer on a network: deposits are never ambiguous.
  CONSTRAINT wallets_address_unique UNIQUE NULLS NOT DISTINCT (network, address, destination_tag)
);

-- Cold holdings: one per (customer, asset); the quantity is the ledger's `cold` account.
CREATE TABLE cold_wallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cold_wallets_one_per_asset UNIQUE (user_id, asset)
);

-- Moves between a customer's wallet and their cold holdings; the ledger transfer has the same id.
CREATE TABLE cold_wallet_moves (
  id uuid PRIMARY KEY,
  cold_wallet_id uuid NOT NULL REFERENCES cold_wallets(id),
  user_id uuid NOT NULL REFERENCES users(id),
  asset text NOT NULL,
  -- to_cold: wallet -> cold holdings (spec "create"); from_cold: back to the wallet ("withdraw").
  direction text NOT NULL CHECK (direction IN ('to_cold', 'from_cold')),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX cold_wallet_moves_wallet_idx ON cold_wallet_moves (cold_wallet_id, created_at DESC);
