-- The ledger's tables refuse any insert or update made outside ledger_apply() and
-- ledger_account_id(), which carry the setting rora.ledger_writer = 'on' while they run (ADR 0017).
-- So no row can name a missing account or hold, and no balance or hold changes past the rules. It
-- stops a mistake, not an intruder: a superuser can switch any trigger off. The invariant checker
-- still verifies every reference.
CREATE OR REPLACE FUNCTION ledger_rows_written_by_the_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rora.ledger_writer', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION '% is written only by ledger_apply() (% refused)', TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER ledger_transfers_written_by_the_ledger BEFORE INSERT ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_written_by_the_ledger();
CREATE OR REPLACE TRIGGER ledger_holds_written_by_the_ledger BEFORE INSERT OR UPDATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_written_by_the_ledger();
CREATE OR REPLACE TRIGGER ledger_accounts_written_by_the_ledger BEFORE INSERT OR UPDATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rows_written_by_the_ledger();
