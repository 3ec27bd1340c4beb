-- The signer's own store (apps/signer, ADR 0041): the hot-wallet keys, each sealed by envelope
-- encryption, and one record per signature. Its own schema, so that a deployment can give the signer
-- a role that owns it and the API's role no right on it (the keys are useless without the KEK anyway).

CREATE SCHEMA signer;

-- A hot-wallet key: the private key sealed by a data key (AES-256-GCM), the data key sealed by the
-- key-encryption key `kek_id` names (a local KEK from configuration or a KMS). Nothing here is usable
-- without that KEK. One key per network and network kind (mainnet, testnet, regtest).
CREATE TABLE signer.keys (
  network text NOT NULL,
  network_kind text NOT NULL,
  address text NOT NULL,
  -- base64 of iv (12 bytes) || ciphertext || tag (16 bytes)
  sealed_key text NOT NULL,
  sealed_data_key text NOT NULL,
  kek_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (network, network_kind),
  CONSTRAINT signer_keys_address_once UNIQUE (network, address)
);

-- Every signature, at most one per withdrawal id and network: a retry of the same transaction gets
-- these bytes back, a different transaction under the same id is refused. Written and committed
-- before the signer answers. Append-only (a trigger refuses updates and deletes).
CREATE TABLE signer.signatures (
  network text NOT NULL,
  id text NOT NULL,
  -- The canonical unsigned transaction that was signed (its exact text decides "the same request").
  request text NOT NULL,
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  raw text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  signed_at timestamptz NOT NULL,
  PRIMARY KEY (network, id),
  CONSTRAINT signer_signatures_txid_once UNIQUE (network, txid)
);
