-- Account chains whose transactions expire (XRP's LastLedgerSequence, Solana's lastValidBlockHeight,
-- ADR 0040): each stored broadcast keeps the last ledger or block height at which it can still be
-- included. Past that height, a transaction the chain does not have never will: it is known failed, and
-- a withdrawal still held under its id is signed again. XRP's sender sequence is kept in 0091's
-- (nonce_scope, nonce) columns, scope `xrp:<address>`, so the unique index guards it too; an expired
-- transaction gives its sequence up (both set NULL) to the next one signed on it.
ALTER TABLE chain_broadcasts ADD COLUMN valid_until bigint CHECK (valid_until >= 0);

CREATE INDEX chain_broadcasts_unexpired_idx ON chain_broadcasts (network, valid_until) WHERE valid_until IS NOT NULL;
