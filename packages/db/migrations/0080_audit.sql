-- The audit of reserves (issue 18, ADR 0030): published snapshots of what Rora owes its customers
-- (a Merkle sum tree over split and shuffled leaves) and of what it holds on chain (addresses,
-- balances and signed ownership messages). Written only by the snapshot job of the audit module.

CREATE TABLE audit_snapshots (
  id uuid PRIMARY KEY,
  -- building: leaves being written; published: root, totals and reserves final. Failed builds are deleted.
  status text NOT NULL CHECK (status IN ('building', 'published')),
  taken_at timestamptz NOT NULL,
  -- The ledger position: the last transfer seq visible to the snapshot and PostgreSQL's own snapshot
  -- (xmin:xmax:xip), which says exactly which transfers were in.
  transfer_seq bigint NOT NULL,
  pg_snapshot text NOT NULL,
  -- The assets of the tree, in the order of every leaf's amounts and node's sums.
  assets text[] NOT NULL,
  scales integer[] NOT NULL,
  -- Derives each customer's nonce (sha256 of it and the customer id); never published.
  secret text NOT NULL CHECK (secret ~ '^[0-9a-f]{64}$'),
  -- Nodes of this level and above are kept in audit_nodes; the ones below are rebuilt from a chunk
  -- of 2^chunk_level leaves when a proof is asked for.
  chunk_level integer NOT NULL CHECK (chunk_level BETWEEN 0 AND 30),
  customer_count integer NOT NULL CHECK (customer_count >= 0),
  leaf_count integer NOT NULL CHECK (leaf_count >= 0),
  root_hash text CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  -- Per asset, the customer liabilities: equal to the ledger's at the position (checked when built).
  root_sums numeric(78, 0)[],
  level_counts integer[],
  published_at timestamptz,
  CONSTRAINT audit_snapshots_published_has_root CHECK (
    (status = 'published') = (root_hash IS NOT NULL AND root_sums IS NOT NULL AND level_counts IS NOT NULL AND published_at IS NOT NULL)
  )
);
CREATE INDEX audit_snapshots_published_idx ON audit_snapshots (taken_at DESC) WHERE status = 'published';

-- One row per leaf, at its shuffled position. No foreign key to users: millions of rows are written
-- at once, and owner_id is copied from ledger_accounts, which already references users.
CREATE TABLE audit_leaves (
  snapshot_id uuid NOT NULL REFERENCES audit_snapshots (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  owner_id uuid NOT NULL,
  leaf_index smallint NOT NULL CHECK (leaf_index >= 0),
  hash text NOT NULL,
  -- Minor units per asset of the snapshot, comma-separated: exactly what the leaf hash commits to.
  amounts text NOT NULL CHECK (amounts ~ '^[0-9]+(,[0-9]+)*$'),
  PRIMARY KEY (snapshot_id, position)
);
CREATE INDEX audit_leaves_owner_idx ON audit_leaves (snapshot_id, owner_id);

-- The tree's nodes from the snapshot's chunk level up to the root.
CREATE TABLE audit_nodes (
  snapshot_id uuid NOT NULL REFERENCES audit_snapshots (id) ON DELETE CASCADE,
  level integer NOT NULL CHECK (level >= 0),
  index integer NOT NULL CHECK (index >= 0),
  hash text NOT NULL,
  sums text NOT NULL CHECK (sums ~ '^[0-9]+(,[0-9]+)*$'),
  PRIMARY KEY (snapshot_id, level, index)
);

-- What Rora holds: each platform address with its on-chain balance at the snapshot and a signed
-- message proving control of it.
CREATE TABLE audit_reserves (
  snapshot_id uuid NOT NULL REFERENCES audit_snapshots (id) ON DELETE CASCADE,
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  network text NOT NULL,
  address text NOT NULL,
  role text NOT NULL CHECK (role IN ('hot', 'deposit', 'omnibus', 'cold')),
  balance numeric(78, 0) NOT NULL CHECK (balance >= 0),
  message text NOT NULL,
  scheme text NOT NULL,
  signature text NOT NULL,
  public_key text,
  PRIMARY KEY (snapshot_id, network, address)
);
