-- The balances a batch's orders hold from and, in the same snapshot, the last committed batch of the
-- shard's chain (order_chain; ADR 0014, ADR 0046). SQL, so it needs ledger_available_balances.sql
-- applied before it.
CREATE OR REPLACE FUNCTION orders_read_batch(p_owners uuid[], p_assets text[], p_shard int)
RETURNS TABLE (last_batch bigint, owner_id uuid, asset text, balance text)
LANGUAGE sql STABLE AS $$
  SELECT c.last_batch, b.owner_id, b.asset, b.balance
    FROM order_chain c LEFT JOIN LATERAL ledger_available_balances(p_owners, p_assets) b ON true
   WHERE c.shard = p_shard
$$;

-- The call of a server from before shards, during a rolling deploy: shard 0, the only chain then.
CREATE OR REPLACE FUNCTION orders_read_batch(p_owners uuid[], p_assets text[])
RETURNS TABLE (last_batch bigint, owner_id uuid, asset text, balance text)
LANGUAGE sql STABLE AS $$
  SELECT * FROM orders_read_batch(p_owners, p_assets, 0)
$$;
