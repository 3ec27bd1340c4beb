-- One market runner batch, committed by one autocommit call (ADR 0014, ADR 0019): the new orders,
-- the stored answers of its idempotent requests, the fills, then, once the batch before has
-- committed, the changed orders, the candles of its public trades and last its ledger operations (so
-- the hot accounts, the fee accounts above all, stay locked only for the ledger's statements and the
-- commit). A ledger refusal is raised (ledger_apply_or_raise), which undoes the whole batch; the
-- runner then drops the refused order and runs the rest again.
--
-- Why one call: a batch used to be BEGIN, the records, ledger_apply, COMMIT: four round trips, each
-- waiting its turn on a busy event loop. Why PL/pgSQL: its plans are kept per session, and, as in
-- ledger_apply.sql, sequential scans and hash or merge joins are off, so every statement is the
-- index lookup it should be however small the tables were when it was first planned, with one
-- generic plan. JIT is off: a statement whose only path is a switched-off scan costs 10^10 to the
-- planner, and compiling it took 30 ms each time.
--
-- p_records_text: { created: [order...], updated: [order change...], fills: [fill...], candles:
-- [...], keys: [idempotency answer...], notifications: [notification...] } as JSON text (a server
-- from before notifications sends none), every amount a decimal string, every time an
-- ISO-8601 string, request hashes hex, answers UTF-8 text. p_ops_text: the ledger batch as JSON text
-- (@rora/ledger encodeLedgerOps). Both are parsed in the function: a large batch parsed on arrival
-- gave the next batch time to take the chain first.
-- p_writer_pid: the backend of the session holding the shard's writer advisory lock (classid 7261,
-- objid 2 + shard; apps/api orders/writer-lock.ts). A batch of any other writer is refused (SQLSTATE
-- L0002): two servers never both write a shard's books, even after one lost its lock's connection.
-- It is checked with the chain held, so a server that lost the lock while its batch waited can never
-- commit after another server's batches.
-- p_batch: the batch's number in its shard's chain (order_chain). Batch n+1 moves the chain from n
-- to n+1; if n did not commit it finds the chain at n-1 and fails (SQLSTATE L0003).
-- p_token: left with the batch's number in order_batch_marks (orders_batch_committed.sql).
-- p_shard: the market shard (ADR 0046). Each shard has its own chain, marks and batch locks (class
-- 7262 + shard), so shards commit side by side; what they share is the ledger, whose holds are
-- taken here with the customer's accounts locked, so two shards never hold the same funds twice.
--
-- Before the chain, a batch writes its new rows, which no earlier batch touches: the new orders, the
-- stored answers, the fills (a fill's maker order may come from a batch not committed yet, so that
-- foreign key is checked at commit, DEFERRABLE INITIALLY DEFERRED) and the notifications of orders
-- filled in full (notifications_insert_all.sql), stored with the trade they tell of. Batches commit
-- one after another, so the time a batch holds the chain caps the order flow; the next batch now
-- does this part while the one before still holds the chain.
--
-- A batch that reaches the database before the one before it waits for it: a batch takes an
-- advisory lock on its own number (class 7262 + shard) first and holds it to its end; before the chain, it
-- waits on the lock of the batch before. Once that lock is free, the chain says what happened: the
-- batch before committed, or failed, or (if its lock was free at the first look) has perhaps not
-- arrived yet, the two travelling on two connections. That one is looked for every millisecond, up
-- to 50 ms; then the batch fails with L0003, and the sequencer sends it again or rebuilds.
--
-- Between the batches of the writer nothing waits in a cycle. A batch waits only for earlier
-- batches. Before the chain it holds its new rows, its slot of order_batch_marks, its advisory lock
-- and the KEY SHARE locks of its foreign keys on users; an earlier batch needs none of these. (A
-- twin key stored by another server, or two writers during a handover, can still meet one in a
-- cycle, which the deadlock detector breaks after a second: the batch runs again.)
CREATE OR REPLACE FUNCTION orders_commit_batch(p_records_text text, p_ops_text text, p_writer_pid int, p_batch bigint,
  p_token uuid, p_shard int) RETURNS void
LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_last bigint;
  v_records jsonb;
  v_ops jsonb;
  v_deadline timestamptz;
  v_was_running boolean;
  -- Advisory keys of this batch and the one before (two-int form; they wrap, only neighbours meet).
  v_own int := (p_batch % 2147483647)::int;
  v_before int := ((p_batch - 1) % 2147483647)::int;
  v_class int := 7262 + p_shard;
BEGIN
  PERFORM pg_advisory_xact_lock(v_class, v_own);
  v_records := p_records_text::jsonb;
  v_ops := p_ops_text::jsonb;

  -- Before the chain: rows no earlier batch writes.
  UPDATE order_batch_marks SET batch = p_batch, token = p_token WHERE shard = p_shard AND slot = (p_batch % 4096)::int;
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

  -- A key stored meanwhile by a twin request on another server raises unique_violation: the runner
  -- runs the batch again and tells that request its twin is in progress.
  IF jsonb_array_length(v_records -> 'keys') > 0 THEN
    PERFORM idempotency_store_answers(v_records -> 'keys');
  END IF;

  -- A fill's maker order may come from a batch not yet committed: its foreign key is checked at
  -- commit, once the chain has that batch.
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

  IF jsonb_array_length(v_records -> 'notifications') > 0 THEN
    PERFORM notifications_insert_all(v_records -> 'notifications');
  END IF;

  -- The batch before: wait while it runs. Once it has ended, the chain shows whether it committed; if
  -- its lock was free at the first look, it may not have arrived yet: look again every millisecond
  -- (pg_sleep's least wait), for up to 50 ms. A batch before that failed is seen at once whenever
  -- it was still running when this one looked, so a failure holds up the batches after it only when
  -- it came before they arrived.
  v_deadline := clock_timestamp() + interval '50 milliseconds';
  LOOP
    BEGIN
      -- Undoing this block gives the lock back at once. A lock kept to the end of the transaction
      -- would hold up the batch before if it has not arrived; a session lock would stay behind if the
      -- call were cancelled between taking and giving it back.
      v_was_running := NOT pg_try_advisory_xact_lock_shared(v_class, v_before);
      IF v_was_running THEN
        PERFORM pg_advisory_xact_lock_shared(v_class, v_before);
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'L0004';
    EXCEPTION WHEN SQLSTATE 'L0004' THEN
      NULL;
    END;
    SELECT c.last_batch INTO v_last FROM order_chain c WHERE c.shard = p_shard;
    EXIT WHEN v_last >= p_batch - 1 OR v_was_running OR clock_timestamp() > v_deadline;
    PERFORM pg_sleep(0.001);
  END LOOP;

  -- The chain: locked whatever it holds (an UPDATE ... WHERE last_batch = p_batch - 1 would test the
  -- value its snapshot sees, from before the batch before, and not wait), then it must be at the
  -- batch before.
  SELECT c.last_batch INTO v_last FROM order_chain c WHERE c.shard = p_shard FOR UPDATE;
  IF v_last <> p_batch - 1 THEN
    RAISE EXCEPTION 'batch % does not follow the last committed batch (%)', p_batch, v_last USING ERRCODE = 'L0003';
  END IF;
  -- The writer, checked with the chain held: a batch of a server that lost the lock
  -- while this batch waited can never commit after another server's batches.
  IF NOT EXISTS (
    SELECT 1 FROM pg_locks
     WHERE locktype = 'advisory' AND classid = 7261 AND objid = 2 + p_shard AND objsubid = 2 AND granted
       AND pid = p_writer_pid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  ) THEN
    RAISE EXCEPTION 'session % does not hold the writer lock of shard %', p_writer_pid, p_shard USING ERRCODE = 'L0002';
  END IF;
  UPDATE order_chain SET last_batch = p_batch WHERE shard = p_shard;

  IF jsonb_array_length(v_records -> 'updated') > 0 THEN
    UPDATE orders o
       SET filled_quantity = u.filled_quantity, filled_notional = u.filled_notional, fee_paid = u.fee_paid,
           status = u.status, cancel_reason = u.cancel_reason, updated_at = u.updated_at, closed_at = u.closed_at
      FROM jsonb_to_recordset(v_records -> 'updated') AS u(id uuid, filled_quantity numeric,
           filled_notional numeric, fee_paid numeric, status text, cancel_reason text, updated_at timestamptz,
           closed_at timestamptz)
     WHERE o.id = u.id;
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

  IF jsonb_array_length(v_ops) > 0 THEN
    PERFORM ledger_apply_or_raise(v_ops);
  END IF;
END
$$;

-- The calls of a server from before shards (five arguments) and before p_token (four), while it
-- finishes as the writer during a rolling deploy: shard 0's commit, which was the only chain.
CREATE OR REPLACE FUNCTION orders_commit_batch(p_records_text text, p_ops_text text, p_writer_pid int, p_batch bigint,
  p_token uuid) RETURNS void
LANGUAGE sql AS $$
  SELECT orders_commit_batch(p_records_text, p_ops_text, p_writer_pid, p_batch, p_token, 0)
$$;
CREATE OR REPLACE FUNCTION orders_commit_batch(p_records_text text, p_ops_text text, p_writer_pid int, p_batch bigint)
RETURNS void LANGUAGE sql AS $$
  SELECT orders_commit_batch(p_records_text, p_ops_text, p_writer_pid, p_batch, gen_random_uuid(), 0)
$$;
