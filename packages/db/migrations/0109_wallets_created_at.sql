-- Every API process reads, once a second, the deposit addresses created since its last read (a
-- little before it), so the devnet's owner watches addresses another replica made (ADR 0082). By the
-- creation time, that read is a short range of this index instead of a scan of every wallet.
CREATE INDEX wallets_created_at_idx ON wallets (created_at);
