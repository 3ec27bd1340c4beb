-- The stored keys of a batch of keyed requests (plugins/idempotency-store.ts), each found through the
-- unique index on (user_id, idempotency_key); owner_gone says a key in flight lost its process's
-- lease (ADR 0024). PL/pgSQL with sequential scans and hash and merge joins off, as on the rest of the
-- order path (ledger_apply.sql): the plan is kept for the session, and the plain statement's plan,
-- made while the table was small (a new deployment, before autovacuum's first ANALYZE), was a
-- sequential scan kept as the table grew: 3.7 ms at 20,000 keys instead of an index lookup.
CREATE OR REPLACE FUNCTION idempotency_find_keys(p_users uuid[], p_keys text[])
RETURNS TABLE (id uuid, owner_gone boolean, user_id uuid, idempotency_key text, request_hash bytea,
  response_status int, response_content_type text, response_body bytea)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT k.id, k.owner_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM idempotency_owners o WHERE o.id = k.owner_id AND o.expires_at > now()),
         k.user_id, k.idempotency_key, k.request_hash, k.response_status, k.response_content_type, k.response_body
    FROM unnest(p_users, p_keys) AS l(user_id, idempotency_key)
    JOIN idempotency_keys k ON k.user_id = l.user_id AND k.idempotency_key = l.idempotency_key;
END
$$;
