-- Stores the answers of idempotent requests whose key commits with their effect (ADR 0013): the
-- caller inserts them in the same transaction as what the requests did, so a key and its effect
-- exist together or not at all. p_keys: [{ id (in creation order; drawn here if absent), user_id,
-- key, method, path, request_hash (hex), status, content_type, body (UTF-8 text), at }]. A key
-- already stored (a twin request on another server that committed first) raises unique_violation
-- on idempotency_keys_user_key_unique. PL/pgSQL, not SQL, because it keeps its plan for the session
-- (PostgreSQL 15 plans a SQL function at every call); one generic plan, as on the rest of the order
-- path (see ledger_apply.sql).
CREATE OR REPLACE FUNCTION idempotency_store_answers(p_keys jsonb) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  INSERT INTO idempotency_keys (id, user_id, idempotency_key, request_method, request_path, request_hash,
    response_status, response_content_type, response_body, created_at, completed_at)
  SELECT coalesce(k.id, gen_random_uuid()), k.user_id, k.key, k.method, k.path, decode(k.request_hash, 'hex'),
         k.status, k.content_type, convert_to(k.body, 'UTF8'), k.at, k.at
    FROM jsonb_to_recordset(p_keys) AS k(id uuid, user_id uuid, key text, method text, path text, request_hash text,
         status int, content_type text, body text, at timestamptz);
END
$$;
