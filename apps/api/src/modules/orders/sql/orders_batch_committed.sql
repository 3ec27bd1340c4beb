-- Whether the batch numbered p_batch of the shard's chain committed: each batch leaves its number and
-- a token of its own in its shard's ring of slots (order_batch_marks, slot = number mod 4096), and
-- the sequencer reads it once the backend that ran the batch is gone, after a lost answer
-- (orders/batch-commit.ts; ADR 0019, ADR 0046). Only a few batches are ever in flight, so the ring
-- never wraps under one.
CREATE OR REPLACE FUNCTION orders_batch_committed(p_batch bigint, p_token uuid, p_shard int) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM order_batch_marks
                  WHERE shard = p_shard AND slot = (p_batch % 4096)::int AND batch = p_batch AND token = p_token)
$$;

-- The call of a server from before shards, during a rolling deploy: shard 0, the only chain then.
CREATE OR REPLACE FUNCTION orders_batch_committed(p_batch bigint, p_token uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT orders_batch_committed(p_batch, p_token, 0)
$$;
