-- Transfers are no longer indexed by hold (ADR 0057). Nothing looks a hold's transfers up one hold
-- at a time: ledger_apply reads holds by their own key, and the invariant checker joins every hold
-- to its transfers in one pass, which a hash join does without this index. Most transfers of the
-- order path belong to a hold (its placing, posts and void), so the index took about 1.5 entries
-- per order, each a page to find and a WAL record to write.
DROP INDEX IF EXISTS ledger_transfers_hold_idx;
