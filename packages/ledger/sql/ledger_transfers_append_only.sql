-- History is never rewritten: a mistake is corrected by a new transfer.
CREATE OR REPLACE FUNCTION ledger_transfers_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transfers is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE OR REPLACE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_append_only();
