-- The deposit account keys the signer sweeps with (ADR 0049, sealed as of ADR 0054): one account-level
-- extended private key per chain and network kind, sealed like the hot-wallet keys (signer.keys) by
-- a data key that the KEK seals. `xpub` is its public half, the API's CHAINS_<X>_XPUB, kept in clear
-- so an operator can see which account a row is without the KEK.
CREATE TABLE signer.deposit_keys (
  chain text NOT NULL CHECK (chain IN ('btc', 'ltc', 'eth', 'bsc')),
  network_kind text NOT NULL,
  xpub text NOT NULL,
  sealed_key text NOT NULL,
  sealed_data_key text NOT NULL,
  kek_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (chain, network_kind)
);
