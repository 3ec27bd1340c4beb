-- One market runner batch, committed by one autocommit call: the new orders, the changed ones, the
-- fills, the candles of its public trades, the stored answers of its idempotent requests, and last
-- its ledger operations (so the hot accounts, the fee accounts above all, stay locked only for the
-- ledger's statements and the commit). A ledger refusal is raised (ledger_apply_or_raise), which
-- undoes the whole batch; the runner then drops the refused order and runs the rest again.
--
-- Why one call: a batch used to be BEGIN, the records, ledger_apply, COMMIT: four round trips, each
-- waiting its turn on a busy event loop. Why PL/pgSQL: its plans are kept per session, and, as in
-- migration 0032, sequential scans and hash or merge joins are off, so every statement is the
-- index lookup it should be however small the tables were when it was first planned. JIT is off:
-- a statement whose only path is a switched-off scan costs 10^10 to the planner, and compiling it
-- took 30 ms each time.
--
-- p_records_text: { created: [order...], updated: [order change...], fills: [fill...], candles:
-- [...], keys: [idempotency answer...] } as JSON text, every amount a decimal string, every time an
-- ISO-8601 string, request hashes hex, answers UTF-8 text. p_ops_text: the ledger batch as JSON text
-- (@rora/ledger encodeLedgerOps).
-- p_writer_pid: the backend of the session holding the order-writer advisory lock (classid 7261,
-- objid 2; apps/api orders/writer-lock.ts). A batch of any other writer is refused (SQLSTATE
-- L0002): two servers never both write the books, even after one lost its lock's connection.
-- p_batch: the batch's number in the chain (order_chain below).

-- The chain of committed batches (ADR 0014). The sequencer sends batch n+1 while batch n still
-- commits; n+1's first statement moves the chain from n to n+1, so it waits on this row until n is
-- done, then sees everything n wrote, and if n did not commit it finds the chain at n-1 and fails
-- (SQLSTATE L0003). Read with the balances, it also tells the sequencer which of its batches a
-- read already includes.
CREATE TABLE order_chain (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  last_batch bigint NOT NULL DEFAULT 0 CHECK (last_batch >= 0)
);
INSERT INTO order_chain DEFAULT VALUES;

-- The balances a batch's orders hold from and, in the same snapshot, the last committed batch.
CREATE FUNCTION orders_read_batch(p_owners uuid[], p_assets text[])
RETURNS TABLE (last_batch bigint, owner_id uuid, asset text, balance text)
LANGUAGE sql STABLE AS $$
  SELECT c.last_batch, b.owner_id, b.asset, b.balance
    FROM order_chain c LEFT JOIN LATERAL ledger_available_balances(p_owners, p_assets) b ON true
$$;

CREATE FUNCTION orders_commit_batch(p_records_text text, p_ops_text text, p_writer_pid int, p_batch bigint) RETURNS void
LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
AS $$
DECLARE
  v_last bigint;
  v_records jsonb;
  v_ops jsonb;
BEGIN
  -- First, before reading or writing anything batch p_batch - 1 may have written. The row is locked
  -- whatever it holds (an UPDATE ... WHERE last_batch = p_batch - 1 would test the value its snapshot
  -- sees, from before that batch, and not wait): this waits for the batch before to end, then reads
  -- what it left. A batch that got here before the one before it (they travel on two connections)
  -- finds the chain a step behind and fails at once; the sequencer sends it again.
  SELECT c.last_batch INTO v_last FROM order_chain c WHERE c.one FOR UPDATE;
  IF v_last <> p_batch - 1 THEN
    RAISE EXCEPTION 'batch % does not follow the last committed batch (%)', p_batch, v_last USING ERRCODE = 'L0003';
  END IF;
  UPDATE order_chain SET last_batch = p_batch WHERE one;
  -- The batch arrives as text and is parsed here, after the chain: a large batch parsed on arrival
  -- gave the next batch time to take the chain first.
  v_records := p_records_text::jsonb;
  v_ops := p_ops_text::jsonb;
  IF NOT EXISTS (
    SELECT 1 FROM pg_locks
     WHERE locktype = 'advisory' AND classid = 7261 AND objid = 2 AND objsubid = 2 AND granted
       AND pid = p_writer_pid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  ) THEN
    RAISE EXCEPTION 'session % does not hold the order-writer lock', p_writer_pid USING ERRCODE = 'L0002';
  END IF;

  IF jsonb_array_length(v_records -> 'created') > 0 THEN
    INSERT INTO orders (id, user_id, pair, side, order_type, book, venue, time_in_force, post_only, price, quantity,
      budget, hold_asset, hold_amount, filled_quantity, filled_notional, fee_paid, fee_asset, maker_fee_bps,
      taker_fee_bps, status, cancel_reason, seq, created_at, updated_at, closed_at)
    SELECT r.id, r.user_id, r.pair, r.side, r.order_type, r.book, r.venue, r.time_in_force, r.post_only, r.price,
           r.quantity, r.budget, r.hold_asset, r.hold_amount, r.filled_quantity, r.filled_notional, r.fee_paid,
           r.fee_asset, r.maker_fee_bps, r.taker_fee_bps, r.status, r.cancel_reason, r.seq, r.created_at,
           r.updated_at, r.closed_at
      FROM jsonb_to_recordset(v_records -> 'created') AS r(id uuid, user_id uuid, pair text, side text,
           order_type text, book text, venue text, time_in_force text, post_only boolean, price numeric,
           quantity numeric, budget numeric, hold_asset text, hold_amount numeric, filled_quantity numeric,
           filled_notional numeric, fee_paid numeric, fee_asset text, maker_fee_bps int, taker_fee_bps int,
           status text, cancel_reason text, seq int8, created_at timestamptz, updated_at timestamptz,
           closed_at timestamptz);
  END IF;

  IF jsonb_array_length(v_records -> 'updated') > 0 THEN
    UPDATE orders o
       SET filled_quantity = u.filled_quantity, filled_notional = u.filled_notional, fee_paid = u.fee_paid,
           status = u.status, cancel_reason = u.cancel_reason, updated_at = u.updated_at, closed_at = u.closed_at
      FROM jsonb_to_recordset(v_records -> 'updated') AS u(id uuid, filled_quantity numeric,
           filled_notional numeric, fee_paid numeric, status text, cancel_reason text, updated_at timestamptz,
           closed_at timestamptz)
     WHERE o.id = u.id;
  END IF;

  IF jsonb_array_length(v_records -> 'fills') > 0 THEN
    INSERT INTO order_fills (id, pair, book, venue, seq, maker_order_id, taker_order_id, maker_user_id,
      taker_user_id, taker_side, price, quantity, notional, maker_fee, taker_fee, created_at)
    SELECT f.id, f.pair, f.book, f.venue, f.seq, f.maker_order_id, f.taker_order_id, f.maker_user_id,
           f.taker_user_id, f.taker_side, f.price, f.quantity, f.notional, f.maker_fee, f.taker_fee, f.created_at
      FROM jsonb_to_recordset(v_records -> 'fills') AS f(id uuid, pair text, book text, venue text, seq int8,
           maker_order_id uuid, taker_order_id uuid, maker_user_id uuid, taker_user_id uuid, taker_side text,
           price numeric, quantity numeric, notional numeric, maker_fee numeric, taker_fee numeric,
           created_at timestamptz);
  END IF;

  IF jsonb_array_length(v_records -> 'candles') > 0 THEN
    INSERT INTO market_candles AS c (pair, interval, bucket, open, high, low, close, volume, trade_volume,
      trade_quote_volume, trade_count)
    SELECT u.pair, u.interval, u.bucket, u.open, u.high, u.low, u.close, u.volume, u.volume, u.quote_volume, u.count
      FROM jsonb_to_recordset(v_records -> 'candles') AS u(pair text, interval text, bucket timestamptz,
           open numeric, high numeric, low numeric, close numeric, volume numeric, quote_volume numeric, count int)
    ON CONFLICT (pair, interval, bucket) DO UPDATE SET
      high = greatest(c.high, excluded.high), low = least(c.low, excluded.low), close = excluded.close,
      volume = c.volume + excluded.volume, trade_volume = c.trade_volume + excluded.trade_volume,
      trade_quote_volume = c.trade_quote_volume + excluded.trade_quote_volume,
      trade_count = c.trade_count + excluded.trade_count;
  END IF;

  -- A key stored meanwhile by a twin request on another server raises unique_violation: the runner
  -- runs the batch again and tells that request its twin is in progress.
  IF jsonb_array_length(v_records -> 'keys') > 0 THEN
    PERFORM idempotency_store_answers(v_records -> 'keys');
  END IF;

  IF jsonb_array_length(v_ops) > 0 THEN
    PERFORM ledger_apply_or_raise(v_ops);
  END IF;
END
$$;
