-- The one write path into the ledger (ADR 0017): ledger_apply(ops) applies a batch of operations
-- (transfer, hold, post, void; a JSON array, see @rora/ledger src/apply.ts) atomically in one
-- statement. A hold is a reservation on the customer's available account (ADR 0063): placing it
-- raises the account's `held`; a post moves money out of the account and lowers `held` as much; a
-- void lowers `held`. Only transfers and posts write a transfer; spendable is balance - held.
-- A hold placed by the ledger of before (it names a held account, which its amount went into)
-- settles as it would have: its posts leave the held account, its void is a transfer back.
-- Why in the database: one round trip per batch, row locks held only for the function's
-- run, and the batch is all-or-nothing even outside a caller's transaction. A refusal (insufficient
-- balance, reused id, settled hold, ...) writes no transfer and raises nothing, so the caller's
-- transaction stays usable; it returns {"ok": false, "code": ..., "index": ...} (ledger_refusal).
-- Only programmer errors (unknown op, bad kind) raise. No EXCEPTION blocks: each would open a
-- subtransaction, and a caller that applies many batches in one transaction would overflow the
-- subtransaction cache.
--
-- The steps:
--   1. read the operations in one pass (jsonb_to_recordset), and the holds they name or place;
--   2. resolve each operation to its hold and its accounts (a hold and a void have one, the
--      available account; a transfer and a post two): the accounts are looked up first and those
--      missing created (on first use) in one global order, so two batches never deadlock there;
--   3. lock every touched account in ascending id order (one global order, so two batches never
--      deadlock on each other), then the touched holds, and read them after the locks;
--   4. run the operations against that state in memory (arithmetic on arrays only), refusing the
--      batch at the first broken rule; an id already used with the same content (a transfer's in
--      ledger_transfers, a hold's in ledger_holds) is a replay (no effect);
--   5. write the holds, the transfers and one balance update per account.
-- So a batch costs a fixed number of statements however many operations it holds (a statement per
-- operation cost about 200 µs each; the order flow writes four operations per order).
--
-- Settings, each measured (ADR 0016, ADR 0017):
-- - Index lookups only. PL/pgSQL keeps each statement's plan for the session, and a plan made while a
--   table was small (every fresh database, and the first minutes of a busy one) scans the whole
--   table and stays cached as the table grows: a ledger of 10,000 holds spent 3 ms a batch scanning
--   them. Every statement here looks rows up by key, so sequential scans and hash or merge joins are
--   off. A switched-off path costs 10^10 to the planner, past jit_above_cost: JIT is off too.
-- - One generic plan per statement. PL/pgSQL passes its variables as parameters, and PostgreSQL plans
--   such a statement again at every call while the generic plan does not look cheaper; with those
--   paths off both look equally dear: 8.6 ms a batch with custom plans, 7.3 ms with generic ones.
-- - rora.ledger_writer: the setting the ledger tables' triggers look for, on while this runs
--   (ledger_rows_written_by_the_ledger.sql).
CREATE OR REPLACE FUNCTION ledger_apply(p_ops jsonb) RETURNS jsonb
LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
SET rora.ledger_writer = 'on'
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n int;
  i int; j int; dk int; ck int; hk int; pk int; kk int;
  v_code text; v_meta jsonb; v_hold uuid; v_amount numeric;
  -- operations as given
  o_op text[]; o_id uuid[]; o_asset text[]; o_amount numeric[]; o_code text[]; o_meta jsonb[]; o_owner uuid[];
  o_hold_ref uuid[]; o_debit_owner uuid[]; o_debit_kind text[]; o_credit_owner uuid[]; o_credit_kind text[];
  -- the first operation of the batch with the same id
  o_first int[];
  -- each operation's place in p_ops, 1-based
  o_k bigint[];
  -- resolved: the hold, the two accounts, and a refusal found while resolving
  o_hold uuid[]; o_debit bigint[]; o_credit bigint[]; o_refusal text[];
  -- account (owner, asset, kind) to resolve: the debit of operation i at 2i - 1, its credit at 2i
  w_owner uuid[]; w_asset text[]; w_kind text[]; w_id bigint[];
  -- holds that exist before the batch, named by its posts and voids or placed again by its holds
  k_ids uuid[]; k_asset text[]; k_account bigint[]; k_held bigint[];
  -- transfers that exist before the batch with one of its ids
  p_ids uuid[]; p_debit bigint[]; p_credit bigint[]; p_amount numeric[]; p_code text[]; p_hold uuid[]; p_meta jsonb[];
  -- locked accounts: balance before the batch and as it proceeds
  a_ids bigint[]; a_start numeric[]; a_bal numeric[]; a_held_start numeric[]; a_held numeric[]; a_neg boolean[];
  a_asset text[];
  -- touched holds and their state as the batch proceeds
  h_ids uuid[]; h_account bigint[]; h_held bigint[]; h_asset text[]; h_amount numeric[]; h_posted numeric[];
  h_voided numeric[]; h_status text[]; h_code text[]; h_meta jsonb[]; h_void uuid[]; h_void_meta jsonb[];
  h_new boolean[]; h_dirty boolean[];
  -- transfers to write
  t_n int := 0;
  t_id uuid[] := '{}'; t_debit bigint[] := '{}'; t_credit bigint[] := '{}'; t_asset text[] := '{}';
  t_amount numeric[] := '{}'; t_code text[] := '{}'; t_hold uuid[] := '{}'; t_meta jsonb[] := '{}';
  -- one result per operation, at its index
  r_status text[] := '{}'; r_id uuid[] := '{}'; r_amount numeric[] := '{}';
BEGIN
  IF jsonb_typeof(p_ops) <> 'array' OR jsonb_array_length(p_ops) = 0 THEN
    RAISE EXCEPTION 'ledger_apply: expects a non-empty array' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  n := jsonb_array_length(p_ops);

  -- 1. Read the operations: one pass, in the order given (checked below against their ordinality).
  SELECT array_agg(x.op), array_agg(x.id), array_agg(x.asset), array_agg(x.amount), array_agg(x.code),
         array_agg(coalesce(x.metadata, '{}'::jsonb)), array_agg(x.owner), array_agg(x.hold_id),
         array_agg(x.debit_owner), array_agg(x.debit_kind), array_agg(x.credit_owner), array_agg(x.credit_kind),
         array_agg(x.k)
    INTO o_op, o_id, o_asset, o_amount, o_code, o_meta, o_owner, o_hold_ref, o_debit_owner, o_debit_kind,
         o_credit_owner, o_credit_kind, o_k
    FROM ROWS FROM (jsonb_to_recordset(p_ops) AS (op text, id uuid, asset text, amount numeric, code text,
         metadata jsonb, owner uuid, hold_id uuid, debit_owner uuid, debit_kind text, credit_owner uuid,
         credit_kind text)) WITH ORDINALITY AS x(op, id, asset, amount, code, metadata, owner, hold_id, debit_owner,
         debit_kind, credit_owner, credit_kind, k);

  SELECT array_agg(h.id), array_agg(h.asset), array_agg(h.account_id), array_agg(h.held_account_id)
    INTO k_ids, k_asset, k_account, k_held
    FROM ledger_holds h WHERE h.id = ANY (o_hold_ref || o_id);

  -- 2. Resolve each operation to its hold and the (owner, asset, kind) of its two accounts.
  o_hold := array_fill(NULL::uuid, ARRAY[n]);
  o_debit := array_fill(NULL::bigint, ARRAY[n]);
  o_credit := array_fill(NULL::bigint, ARRAY[n]);
  o_refusal := array_fill(NULL::text, ARRAY[n]);
  w_owner := array_fill(NULL::uuid, ARRAY[2 * n]);
  w_asset := array_fill(NULL::text, ARRAY[2 * n]);
  w_kind := array_fill(NULL::text, ARRAY[2 * n]);
  FOR i IN 1..n LOOP
    IF o_k[i] <> i THEN
      RAISE EXCEPTION 'ledger_apply: operations read out of order';
    END IF;
    IF o_op[i] IS NULL OR o_op[i] NOT IN ('transfer', 'hold', 'post', 'void') THEN
      RAISE EXCEPTION 'ledger_apply: unknown op %', o_op[i] USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF o_op[i] <> 'void' AND (o_amount[i] IS NULL OR o_amount[i] <> trunc(o_amount[i])) THEN
      RAISE EXCEPTION 'ledger_apply: amount of op % must be an integer', i - 1 USING ERRCODE = 'invalid_parameter_value';
    END IF;
    CASE o_op[i]
    WHEN 'transfer' THEN
      IF 'held' IN (o_debit_kind[i], o_credit_kind[i]) THEN
        o_refusal[i] := 'held_account_moves_only_through_holds';
        CONTINUE;
      END IF;
      w_owner[2 * i - 1] := o_debit_owner[i]; w_asset[2 * i - 1] := o_asset[i]; w_kind[2 * i - 1] := o_debit_kind[i];
      w_owner[2 * i] := o_credit_owner[i]; w_asset[2 * i] := o_asset[i]; w_kind[2 * i] := o_credit_kind[i];
    WHEN 'hold' THEN
      o_hold[i] := o_id[i];
      w_owner[2 * i - 1] := o_owner[i]; w_asset[2 * i - 1] := o_asset[i]; w_kind[2 * i - 1] := 'available';
    ELSE
      -- A post or a void: the money leaves (or stays in) the available account the hold reserves;
      -- for a hold of before, it leaves the held account (a void: back to the available account).
      o_hold[i] := o_hold_ref[i];
      hk := array_position(k_ids, o_hold[i]);
      IF hk IS NOT NULL THEN
        o_asset[i] := k_asset[hk];
        o_debit[i] := coalesce(k_held[hk], k_account[hk]);
        IF o_op[i] = 'void' AND k_held[hk] IS NOT NULL THEN
          o_credit[i] := k_account[hk];
        END IF;
      ELSE
        -- A hold placed earlier in this same batch.
        j := array_position(o_id, o_hold[i]);
        WHILE j IS NOT NULL AND j < i AND o_op[j] <> 'hold' LOOP
          j := array_position(o_id, o_hold[i], j + 1);
        END LOOP;
        IF j IS NULL OR j >= i THEN
          o_refusal[i] := 'hold_not_found';
          CONTINUE;
        END IF;
        o_asset[i] := o_asset[j];
        w_owner[2 * i - 1] := o_owner[j]; w_asset[2 * i - 1] := o_asset[j]; w_kind[2 * i - 1] := 'available';
      END IF;
      IF o_op[i] = 'post' THEN
        IF o_credit_kind[i] = 'held' THEN
          o_refusal[i] := 'held_account_moves_only_through_holds';
          CONTINUE;
        END IF;
        w_owner[2 * i] := o_credit_owner[i]; w_asset[2 * i] := o_asset[i]; w_kind[2 * i] := o_credit_kind[i];
      END IF;
    END CASE;
  END LOOP;

  -- The accounts, looked up; those missing are created (on first use), in one global order so two
  -- batches never deadlock there, and looked up again.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(s.id ORDER BY s.k) INTO w_id
      FROM (SELECT u.k, (SELECT a.id FROM ledger_accounts a
                          WHERE coalesce(a.owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
                                = coalesce(u.owner, '00000000-0000-0000-0000-000000000000'::uuid)
                            AND a.asset = u.asset AND a.kind = u.kind) AS id
              FROM unnest(w_owner, w_asset, w_kind) WITH ORDINALITY AS u(owner, asset, kind, k)) s;
    EXIT WHEN attempt = 2 OR NOT EXISTS (
      SELECT 1 FROM unnest(w_kind, w_id) AS u(kind, id) WHERE u.kind IS NOT NULL AND u.id IS NULL);
    INSERT INTO ledger_accounts (owner_id, asset, kind)
    SELECT t.owner, t.asset, t.kind
      FROM (SELECT DISTINCT u.owner, u.asset, u.kind FROM unnest(w_owner, w_asset, w_kind) AS u(owner, asset, kind)
             WHERE u.kind IS NOT NULL) t
     WHERE (SELECT a.id FROM ledger_accounts a
             WHERE coalesce(a.owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
                   = coalesce(t.owner, '00000000-0000-0000-0000-000000000000'::uuid)
               AND a.asset = t.asset AND a.kind = t.kind) IS NULL
     ORDER BY coalesce(t.owner, '00000000-0000-0000-0000-000000000000'::uuid), t.asset, t.kind
    ON CONFLICT DO NOTHING;
  END LOOP;

  FOR i IN 1..n LOOP
    IF o_refusal[i] IS NOT NULL THEN
      RETURN ledger_refusal(o_refusal[i], i);
    END IF;
    IF (w_kind[2 * i - 1] IS NOT NULL AND w_id[2 * i - 1] IS NULL) OR (w_kind[2 * i] IS NOT NULL AND w_id[2 * i] IS NULL) THEN
      -- Created by a transaction this one cannot see (a REPEATABLE READ caller): retry.
      RAISE EXCEPTION 'ledger_apply: an account is not visible to this transaction' USING ERRCODE = 'serialization_failure';
    END IF;
    o_debit[i] := coalesce(o_debit[i], w_id[2 * i - 1]);
    o_credit[i] := coalesce(o_credit[i], w_id[2 * i]);
    IF o_debit[i] = o_credit[i] THEN
      RETURN ledger_refusal('accounts_must_differ', i);
    END IF;
    IF o_op[i] <> 'void' AND o_amount[i] <= 0 THEN
      RETURN ledger_refusal('amount_must_be_positive', i);
    END IF;
  END LOOP;

  -- Transfers already written under one of the batch's ids (replays), and repeated ids in the batch.
  SELECT array_agg(t.id), array_agg(t.debit_account_id), array_agg(t.credit_account_id), array_agg(t.amount),
         array_agg(t.code), array_agg(t.hold_id), array_agg(t.metadata)
    INTO p_ids, p_debit, p_credit, p_amount, p_code, p_hold, p_meta
    FROM ledger_transfers t WHERE t.id = ANY (o_id);
  SELECT array_agg(s.first ORDER BY s.k) INTO o_first
    FROM (SELECT u.k, min(u.k) OVER (PARTITION BY u.id) AS first FROM unnest(o_id) WITH ORDINALITY AS u(id, k)) s;

  -- 3. Lock accounts (ascending id), then holds (ascending id); read both after the locks.
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id), array_agg(l.held ORDER BY l.id),
         array_agg(l.allow_negative ORDER BY l.id), array_agg(l.asset ORDER BY l.id)
    INTO a_ids, a_start, a_held_start, a_neg, a_asset
    FROM (SELECT id, balance, held, allow_negative, asset FROM ledger_accounts
           WHERE id = ANY (o_debit || o_credit) ORDER BY id FOR UPDATE) l;
  IF cardinality(a_ids) <> (SELECT count(DISTINCT x) FROM unnest(o_debit || o_credit) x) THEN
    RAISE EXCEPTION 'ledger_apply: an account is not visible to this transaction' USING ERRCODE = 'serialization_failure';
  END IF;
  a_bal := a_start;
  a_held := a_held_start;
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.account_id ORDER BY l.id), array_agg(l.held_account_id ORDER BY l.id),
         array_agg(l.asset ORDER BY l.id), array_agg(l.amount ORDER BY l.id), array_agg(l.posted_amount ORDER BY l.id),
         array_agg(l.voided_amount ORDER BY l.id), array_agg(l.status ORDER BY l.id), array_agg(l.code ORDER BY l.id),
         array_agg(l.metadata ORDER BY l.id), array_agg(l.void_transfer_id ORDER BY l.id),
         array_agg(l.void_metadata ORDER BY l.id), array_agg(false), array_agg(false)
    INTO h_ids, h_account, h_held, h_asset, h_amount, h_posted, h_voided, h_status, h_code, h_meta, h_void,
         h_void_meta, h_new, h_dirty
    FROM (SELECT * FROM ledger_holds WHERE id = ANY (o_hold) ORDER BY id FOR UPDATE) l;

  -- 4. Run, refusing the batch at the first broken rule.
  FOR i IN 1..n LOOP
    v_code := o_code[i];
    v_meta := o_meta[i];
    v_amount := o_amount[i];
    v_hold := CASE WHEN o_op[i] = 'transfer' THEN NULL ELSE o_hold[i] END;
    hk := array_position(h_ids, o_hold[i]);
    dk := array_position(a_ids, o_debit[i]);
    ck := array_position(a_ids, o_credit[i]);
    IF o_op[i] IN ('post', 'void') AND hk IS NULL THEN
      RAISE EXCEPTION 'ledger_apply: hold % was not loaded', o_hold[i];
    END IF;
    -- What the accounts' foreign keys once checked row by row (ADR 0016): an operation stays in its asset.
    IF a_asset[dk] IS DISTINCT FROM o_asset[i] OR (ck IS NOT NULL AND a_asset[ck] IS DISTINCT FROM o_asset[i]) THEN
      RAISE EXCEPTION 'ledger_apply: op % moves % between accounts of another asset', i - 1, o_asset[i];
    END IF;

    IF o_op[i] = 'void' THEN
      IF h_status[hk] = 'voided' THEN
        r_status[i] := 'replayed'; r_id[i] := h_void[hk]; r_amount[i] := h_voided[hk];
        CONTINUE;
      ELSIF h_status[hk] = 'posted' THEN
        RETURN ledger_refusal('hold_already_settled', i);
      END IF;
      v_amount := h_amount[hk] - h_posted[hk] - h_voided[hk];
      h_voided[hk] := h_voided[hk] + v_amount;
      h_status[hk] := 'voided';
      h_void_meta[hk] := v_meta;
      h_dirty[hk] := true;
      IF h_held[hk] IS NOT NULL THEN
        -- A hold of before: the remainder goes back from its held account, by a transfer whose id
        -- the ledger makes, in creation order (UUID version 7: the time in milliseconds, then the
        -- random part of a version 4 id), as the callers' ids are: consecutive transfers share pages.
        o_id[i] := (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
                    || substr(replace(gen_random_uuid()::text, '-', ''), 14))::uuid;
        v_code := 'hold_void';
        h_void[hk] := o_id[i];
      END IF;
    ELSE
      -- One namespace of ids for transfers and holds: an id already used is a replay only with the
      -- same content, in the same kind of record.
      pk := array_position(p_ids, o_id[i]);
      kk := array_position(k_ids, o_id[i]);
      IF o_op[i] = 'hold' AND kk IS NOT NULL THEN
        hk := array_position(h_ids, o_id[i]);
        IF h_held[hk] IS NOT NULL THEN
          -- A hold of before: its placing transfer (its own id) carries what it was placed with.
          IF pk IS NULL OR (p_debit[pk], p_amount[pk], p_code[pk], p_meta[pk])
             IS DISTINCT FROM (o_debit[i], v_amount, v_code, v_meta) THEN
            RETURN ledger_refusal('transfer_id_reused_with_different_content', i);
          END IF;
        ELSIF pk IS NOT NULL OR (h_account[hk], h_asset[hk], h_amount[hk], h_code[hk], h_meta[hk])
              IS DISTINCT FROM (o_debit[i], o_asset[i], v_amount, v_code, v_meta) THEN
          RETURN ledger_refusal('transfer_id_reused_with_different_content', i);
        END IF;
        r_status[i] := 'replayed'; r_id[i] := o_id[i]; r_amount[i] := v_amount;
        CONTINUE;
      ELSIF pk IS NOT NULL THEN
        IF o_op[i] = 'hold' OR (p_debit[pk], p_credit[pk], p_amount[pk], p_code[pk], p_hold[pk], p_meta[pk])
           IS DISTINCT FROM (o_debit[i], o_credit[i], v_amount, v_code, v_hold, v_meta) THEN
          RETURN ledger_refusal('transfer_id_reused_with_different_content', i);
        END IF;
        r_status[i] := 'replayed'; r_id[i] := o_id[i]; r_amount[i] := v_amount;
        CONTINUE;
      ELSIF kk IS NOT NULL THEN
        RETURN ledger_refusal('transfer_id_reused_with_different_content', i);
      END IF;
      IF o_first[i] < i THEN
        RETURN ledger_refusal('transfer_id_must_be_unique_in_batch', i);
      END IF;

      IF o_op[i] = 'hold' THEN
        IF NOT a_neg[dk] AND a_bal[dk] - a_held[dk] < v_amount THEN
          RETURN ledger_refusal('available_balance_must_cover_hold', i, o_debit[i]);
        END IF;
        a_held[dk] := a_held[dk] + v_amount;
        hk := coalesce(cardinality(h_ids), 0) + 1;
        h_ids[hk] := o_id[i]; h_account[hk] := o_debit[i]; h_held[hk] := NULL; h_asset[hk] := o_asset[i];
        h_amount[hk] := v_amount; h_posted[hk] := 0; h_voided[hk] := 0; h_status[hk] := 'pending';
        h_code[hk] := v_code; h_meta[hk] := v_meta; h_void[hk] := NULL; h_void_meta[hk] := NULL;
        h_new[hk] := true; h_dirty[hk] := true;
        r_status[i] := 'created'; r_id[i] := o_id[i]; r_amount[i] := v_amount;
        CONTINUE;
      ELSIF o_op[i] = 'post' THEN
        IF h_status[hk] <> 'pending' THEN
          RETURN ledger_refusal('hold_already_settled', i);
        ELSIF v_amount > h_amount[hk] - h_posted[hk] - h_voided[hk] THEN
          RETURN ledger_refusal('post_amount_must_not_exceed_hold', i);
        END IF;
        h_posted[hk] := h_posted[hk] + v_amount;
        h_status[hk] := CASE WHEN h_posted[hk] + h_voided[hk] = h_amount[hk] THEN 'posted' ELSE 'pending' END;
        h_dirty[hk] := true;
      END IF;
    END IF;

    -- A post or a void of a reservation takes its amount out of what the account reserves; a void
    -- moves nothing more: the remainder is spendable again.
    IF o_op[i] IN ('post', 'void') AND h_held[hk] IS NULL THEN
      IF a_held[dk] < v_amount THEN
        RAISE EXCEPTION 'ledger_apply: account % reserves % but hold % still holds %',
          o_debit[i], a_held[dk], o_hold[i], v_amount;
      END IF;
      a_held[dk] := a_held[dk] - v_amount;
      IF o_op[i] = 'void' THEN
        r_status[i] := 'created'; r_id[i] := NULL; r_amount[i] := v_amount;
        CONTINUE;
      END IF;
    END IF;

    -- A transfer spends what the account does not reserve; a post spends what its hold reserves (or,
    -- for a hold of before, what its held account holds), as does a void of a hold of before.
    IF NOT a_neg[dk] AND a_bal[dk] - (CASE WHEN o_op[i] = 'transfer' THEN a_held[dk] ELSE 0 END) < v_amount THEN
      RETURN ledger_refusal('insufficient_balance', i, o_debit[i]);
    END IF;
    a_bal[dk] := a_bal[dk] - v_amount;
    a_bal[ck] := a_bal[ck] + v_amount;
    t_n := t_n + 1;
    t_id[t_n] := o_id[i]; t_debit[t_n] := o_debit[i]; t_credit[t_n] := o_credit[i]; t_asset[t_n] := o_asset[i];
    t_amount[t_n] := v_amount; t_code[t_n] := v_code; t_hold[t_n] := v_hold; t_meta[t_n] := v_meta;
    r_status[i] := 'created'; r_id[i] := o_id[i]; r_amount[i] := v_amount;
  END LOOP;

  -- 5. Write: new holds first (transfers reference them), then transfers, then hold and account updates.
  INSERT INTO ledger_holds (id, account_id, asset, amount, posted_amount, voided_amount, status, code, metadata,
                            settled_at)
  SELECT h.id, h.account_id, h.asset, h.amount, h.posted, h.voided, h.status, h.code, h.meta,
         CASE WHEN h.status = 'pending' THEN NULL ELSE now() END
    FROM unnest(h_ids, h_account, h_asset, h_amount, h_posted, h_voided, h_status, h_code, h_meta, h_new)
         AS h(id, account_id, asset, amount, posted, voided, status, code, meta, is_new)
   WHERE h.is_new;
  IF t_n > 0 THEN
    INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id, metadata)
    SELECT t.id, t.debit, t.credit, t.asset, t.amount, t.code, t.hold, t.meta
      FROM unnest(t_id, t_debit, t_credit, t_asset, t_amount, t_code, t_hold, t_meta)
           WITH ORDINALITY AS t(id, debit, credit, asset, amount, code, hold, meta, k)
     ORDER BY t.k;
  END IF;
  UPDATE ledger_holds lh
     SET posted_amount = h.posted, voided_amount = h.voided, status = h.status, void_transfer_id = h.void_id,
         void_metadata = h.void_meta, settled_at = CASE WHEN h.status = 'pending' THEN NULL ELSE now() END
    FROM unnest(h_ids, h_posted, h_voided, h_status, h_void, h_void_meta, h_new, h_dirty)
         AS h(id, posted, voided, status, void_id, void_meta, is_new, dirty)
   WHERE lh.id = h.id AND h.dirty AND NOT h.is_new;
  UPDATE ledger_accounts la
     SET balance = la.balance + d.bal - d.start, held = la.held + d.held - d.held_start
    FROM unnest(a_ids, a_bal, a_start, a_held, a_held_start) AS d(id, bal, start, held, held_start)
   WHERE la.id = d.id AND (d.bal <> d.start OR d.held <> d.held_start);

  RETURN jsonb_build_object('ok', true, 'results',
    (SELECT jsonb_agg(jsonb_build_object('status', r.status, 'transfer_id', r.id, 'amount', r.amount::text) ORDER BY r.k)
       FROM unnest(r_status, r_id, r_amount) WITH ORDINALITY AS r(status, id, amount, k)));
END
$$;
