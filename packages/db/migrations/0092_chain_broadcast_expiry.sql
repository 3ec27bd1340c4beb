-- Account chains whose transactions expire (XRP's LastLedgerSequence, Solana's lastValidBlockHeight,
-- ADR 0040): each stored broadcast keeps the sender sequence it uses (XRP) and the last ledger or block
-- height at which it can still be included. Past that height, a transaction the chain does not have
-- never will: it is known failed, and a withdrawal still held under its id is signed again.
ALTER TABLE chain_broadcasts
  ADD COLUMN nonce bigint CHECK (nonce >= 0),
  ADD COLUMN valid_until bigint CHECK (valid_until >= 0);

CREATE INDEX chain_broadcasts_unexpired_idx ON chain_broadcasts (network, valid_until) WHERE valid_until IS NOT NULL;
