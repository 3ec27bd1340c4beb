-- The account of (owner, asset, kind), created on first use; owner NULL is the house. It writes
-- ledger_accounts, so it carries the setting the ledger's tables look for
-- (ledger_rows_written_by_the_ledger.sql).
CREATE OR REPLACE FUNCTION ledger_account_id(p_owner uuid, p_asset text, p_kind text) RETURNS bigint
LANGUAGE plpgsql
SET rora.ledger_writer = 'on'
AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
   WHERE coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
         = coalesce(p_owner, '00000000-0000-0000-0000-000000000000'::uuid)
     AND asset = p_asset AND kind = p_kind;
  IF FOUND THEN
    RETURN v_id;
  END IF;
  INSERT INTO ledger_accounts (owner_id, asset, kind) VALUES (p_owner, p_asset, p_kind)
  ON CONFLICT DO NOTHING RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    -- Created by a concurrent transaction that committed while this insert waited.
    SELECT id INTO STRICT v_id FROM ledger_accounts
     WHERE coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
           = coalesce(p_owner, '00000000-0000-0000-0000-000000000000'::uuid)
       AND asset = p_asset AND kind = p_kind;
  END IF;
  RETURN v_id;
END
$$;
