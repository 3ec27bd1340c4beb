-- The three checks 0103 added NOT VALID are now checked for every row, old ones included, so the
-- catalog's word for them (convalidated) is true and a row from before 0103 that broke one would
-- stop the deploy here, by name, rather than stay unseen.
--
-- 0103 committed before this runs (each migration is its own transaction), so its short ACCESS
-- EXCLUSIVE lock is gone. VALIDATE CONSTRAINT takes SHARE UPDATE EXCLUSIVE: the ledger reads and
-- writes both tables while each is scanned.
ALTER TABLE ledger_accounts VALIDATE CONSTRAINT ledger_accounts_held_within_balance;
ALTER TABLE ledger_holds VALIDATE CONSTRAINT ledger_holds_void_transfer_only_when_voided;
ALTER TABLE ledger_holds VALIDATE CONSTRAINT ledger_holds_metadata_is_object;
