-- The answer of ledger_apply() when it refuses a batch: {"ok": false, "code", "index" (0-based),
-- "account_id" (the account short of balance, if any)}.
CREATE OR REPLACE FUNCTION ledger_refusal(p_code text, p_index int, p_account_id bigint DEFAULT NULL) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object('ok', false, 'code', p_code, 'index', p_index - 1, 'account_id', p_account_id::text))
$$;
