-- Stores customers' notifications (the bell, spec §7) given as one JSON array, and returns the rows
-- stored. p_items: [{ id (in creation order, made by the caller, which matches the rows to its
-- inputs by it), user_id, kind, message, data (an object), created_at (ISO-8601) }], each checked by
-- the notifications module (NotificationService.prepare). Called on its own (notifyAll) and by the
-- order batch (orders_commit_batch.sql), which stores the fill notifications of a batch in the
-- batch's own transaction. PL/pgSQL, so each connection plans it once (PostgreSQL 15 plans a SQL
-- function at every call); one generic plan, as on the rest of the order path.
CREATE OR REPLACE FUNCTION notifications_insert_all(p_items jsonb) RETURNS SETOF notifications
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  INSERT INTO notifications (id, user_id, kind, message, data, created_at)
  SELECT n.id, n.user_id, n.kind, n.message, n.data, n.created_at
    FROM jsonb_to_recordset(p_items) AS n(id uuid, user_id uuid, kind text, message text, data jsonb,
         created_at timestamptz)
  RETURNING notifications.*;
END
$$;
