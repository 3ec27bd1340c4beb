-- A hold is a reservation on the customer's available account (ADR 0063), no longer a transfer into
-- a held account: placing one raises the account's `held`, a post moves money out of the account and
-- lowers `held` by as much, a void lowers `held` and moves nothing. The balance is what the customer
-- owns; balance - held is what they can spend. The order path writes a transfer for each post only,
-- where it wrote one for the hold, each post and the void.
--
-- Every row has held = 0 when this runs, so the check has nothing to validate: NOT VALID skips the
-- scan of every account under this migration's lock, and new and updated rows are checked all the
-- same. (VALIDATE CONSTRAINT can run later, taking a lock that lets the ledger work meanwhile.)
ALTER TABLE ledger_accounts
  ADD COLUMN held numeric(78, 0) NOT NULL DEFAULT 0,
  ADD CONSTRAINT ledger_accounts_held_within_balance CHECK (held >= 0 AND (held = 0 OR balance >= held)) NOT VALID;

-- A hold placed from now on names no held account. One placed before names the held account its
-- amount went into, and settles from there as before (ledger_apply keeps that path): converting
-- them here would race a server of the release before, still placing holds the old way until the
-- new ledger_apply is in place. What a hold was placed and voided with, which its transfers used to
-- carry, is on the hold itself.
ALTER TABLE ledger_holds
  ALTER COLUMN held_account_id DROP NOT NULL,
  ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN void_metadata jsonb,
  -- A void of a reservation moves nothing, so it has no transfer; a void of a hold of before has one.
  DROP CONSTRAINT ledger_holds_void_has_transfer,
  ADD CONSTRAINT ledger_holds_void_transfer_only_when_voided CHECK (status = 'voided' OR void_transfer_id IS NULL) NOT VALID,
  ADD CONSTRAINT ledger_holds_metadata_is_object CHECK (jsonb_typeof(metadata) = 'object') NOT VALID;

-- Nothing reads pending holds by held account. Without an index on `status`, settling a hold changes
-- no indexed column and can be a HOT update.
DROP INDEX IF EXISTS ledger_holds_pending_idx;
