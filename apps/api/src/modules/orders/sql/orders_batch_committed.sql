-- Whether the batch numbered p_batch committed: each batch leaves its number and a token of its own
-- in a ring of slots (order_batch_marks, slot = number mod 4096), and the sequencer reads it once the
-- backend that ran the batch is gone, after a lost answer (orders/batch-commit.ts; ADR 0019). Only a
-- few batches are ever in flight, so the ring never wraps under one.
CREATE OR REPLACE FUNCTION orders_batch_committed(p_batch bigint, p_token uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM order_batch_marks WHERE slot = (p_batch % 4096)::int AND batch = p_batch AND token = p_token)
$$;
