-- The ledger's references, checked once per statement instead of once per row (ADR 0016). A
-- transfer names two accounts of its asset and perhaps a hold; a hold names its two accounts. As
-- foreign keys, each inserted row ran its own lookup query (about twelve per order, a sixth of the
-- database's work on the order path). Now one query per INSERT statement checks every new row
-- against the accounts and holds (a statement trigger over the inserted rows), and what the foreign
-- keys also guaranteed, that a referenced row cannot go away or change what it is, triggers keep
-- (packages/ledger/sql/ledger_rows_are_permanent.sql).
-- ledger_apply also checks each transfer's asset against the accounts it locked, and the invariant
-- checker (@rora/ledger) verifies every reference.
ALTER TABLE ledger_transfers
  DROP CONSTRAINT ledger_transfers_debit_account_id_asset_fkey,
  DROP CONSTRAINT ledger_transfers_credit_account_id_asset_fkey,
  DROP CONSTRAINT ledger_transfers_hold_id_fkey,
  -- seq is an identity column: unique by construction, and read only through the per-account indexes.
  DROP CONSTRAINT ledger_transfers_seq_key;
ALTER TABLE ledger_holds
  DROP CONSTRAINT ledger_holds_account_id_asset_fkey,
  DROP CONSTRAINT ledger_holds_held_account_id_asset_fkey;
