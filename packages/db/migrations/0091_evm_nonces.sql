-- EVM withdrawals (ADR 0039): each signed transaction keeps the nonce it took, per sender (its
-- chain and address), and no two share one. The adapter takes the next nonce and stores the signed
-- bytes in one transaction, under an advisory lock on the sender, before the node sees them.
ALTER TABLE chain_broadcasts
  ADD COLUMN nonce_scope text,
  ADD COLUMN nonce bigint CHECK (nonce >= 0),
  ADD CONSTRAINT chain_broadcasts_nonce_scoped CHECK ((nonce_scope IS NULL) = (nonce IS NULL)),
  ADD CONSTRAINT chain_broadcasts_nonce_once UNIQUE (nonce_scope, nonce);
