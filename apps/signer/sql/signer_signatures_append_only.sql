-- The signer's record of what it signed is never rewritten or removed.
CREATE OR REPLACE FUNCTION signer_signatures_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signer.signatures is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE OR REPLACE TRIGGER signer_signatures_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON signer.signatures
  FOR EACH STATEMENT EXECUTE FUNCTION signer_signatures_append_only();
