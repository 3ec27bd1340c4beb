-- The ledger's references, checked once per statement instead of once per row (ADR 0016). A
-- transfer names two accounts of its asset and perhaps a hold; a hold names its two accounts. As
-- foreign keys, each inserted row ran its own lookup query (about twelve per order, a sixth of the
-- database's work on the order path). Now one query per INSERT statement checks every new row
-- against the accounts and holds (a statement trigger over the inserted rows), and what the foreign
-- keys also guaranteed, that a referenced row cannot go away or change what it is, triggers keep.
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

CREATE FUNCTION ledger_rows_are_permanent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are permanent and keep their identity (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

-- Every row a statement inserts refers to existing accounts of its asset (and a hold that exists).
CREATE FUNCTION ledger_transfers_refer_to_existing_rows() RETURNS trigger
LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT t.id INTO v_id FROM inserted t
    LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id AND d.asset = t.asset
    LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id AND c.asset = t.asset
    LEFT JOIN ledger_holds h ON h.id = t.hold_id
   WHERE d.id IS NULL OR c.id IS NULL OR (t.hold_id IS NOT NULL AND h.id IS NULL)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'transfer % violates the ledger''s foreign keys: an account of its asset or its hold is missing', v_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_transfers_references AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_refer_to_existing_rows();

CREATE FUNCTION ledger_holds_refer_to_existing_rows() RETURNS trigger
LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT h.id INTO v_id FROM inserted h
    LEFT JOIN ledger_accounts a ON a.id = h.account_id AND a.asset = h.asset
    LEFT JOIN ledger_accounts held ON held.id = h.held_account_id AND held.asset = h.asset
   WHERE a.id IS NULL OR held.id IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'hold % violates the ledger''s foreign keys: an account of its asset is missing', v_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_holds_references AFTER INSERT ON ledger_holds
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_holds_refer_to_existing_rows();

-- Statement-level for deletes, and for updates only of the identifying columns: a balance or a
-- hold's progress changes without firing them.
CREATE TRIGGER ledger_accounts_permanent BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE TRIGGER ledger_accounts_identity_fixed BEFORE UPDATE OF id, owner_id, asset, kind ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE TRIGGER ledger_holds_permanent BEFORE DELETE OR TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE TRIGGER ledger_holds_identity_fixed BEFORE UPDATE OF id, account_id, held_account_id, asset, amount ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_rows_are_permanent();
