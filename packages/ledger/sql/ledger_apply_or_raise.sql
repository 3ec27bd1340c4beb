-- ledger_apply for a caller that writes other rows in the same statement (an autocommit call that
-- records an order batch and its transfers together): a refusal must undo those rows too, so it is
-- raised instead of returned, with SQLSTATE L0001 and the refusal object as the error's DETAIL.
-- @rora/ledger turns it back into the same LedgerError (refusalFromError).
CREATE OR REPLACE FUNCTION ledger_apply_or_raise(p_ops jsonb) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_result jsonb := ledger_apply(p_ops);
BEGIN
  IF NOT (v_result ->> 'ok')::boolean THEN
    RAISE EXCEPTION 'ledger refused operation %: %', v_result ->> 'index', v_result ->> 'code'
      USING ERRCODE = 'L0001', DETAIL = v_result::text;
  END IF;
  RETURN v_result;
END
$$;
