-- A withdrawal's signatures may be more than one (ADR 0050): an XRP transaction that expired unsent
-- is signed again on the same account sequence, which the ledger applies at most once, so the two can
-- never both pay. Each signature keeps its row (the table stays append-only); `attempt` numbers them
-- per withdrawal, and the latest is the one the signer reports as recorded.
ALTER TABLE signer.signatures ADD COLUMN attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1);
ALTER TABLE signer.signatures DROP CONSTRAINT signatures_pkey;
ALTER TABLE signer.signatures ADD PRIMARY KEY (network, id, attempt);
