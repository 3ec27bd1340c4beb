-- What the ledger's foreign keys into accounts and holds guaranteed besides existence (ADR 0016):
-- an account or a hold never goes away or changes what it is. Statement-level for deletes, and for
-- updates only of the identifying columns: a balance or a hold's progress changes without firing them.
CREATE OR REPLACE FUNCTION ledger_rows_are_permanent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are permanent and keep their identity (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE OR REPLACE TRIGGER ledger_accounts_permanent BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE OR REPLACE TRIGGER ledger_accounts_identity_fixed BEFORE UPDATE OF id, owner_id, asset, kind ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE OR REPLACE TRIGGER ledger_holds_permanent BEFORE DELETE OR TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_are_permanent();
CREATE OR REPLACE TRIGGER ledger_holds_identity_fixed BEFORE UPDATE OF id, account_id, held_account_id, asset, amount ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_rows_are_permanent();
