-- The one write path into the ledger: ledger_apply(ops) applies a batch of operations (transfer,
-- hold, post, void) atomically in one statement. Why in the database: one round trip per batch,
-- row locks held only for the function's run, and the batch is all-or-nothing even outside a
-- caller's transaction. A refusal (insufficient balance, reused id, settled hold, ...) writes no
-- transfer and raises nothing, so the caller's transaction stays usable; it returns
-- {"ok": false, "code": ..., "index": ...}. Only programmer errors (unknown op, bad kind) raise.
-- No EXCEPTION blocks: each would open a subtransaction, and a caller that applies many batches
-- in one transaction would overflow the subtransaction cache.

-- The account of (owner, asset, kind), created on first use; owner NULL is the house.
CREATE FUNCTION ledger_account_id(p_owner uuid, p_asset text, p_kind text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
   WHERE coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
         = coalesce(p_owner, '00000000-0000-0000-0000-000000000000'::uuid)
     AND asset = p_asset AND kind = p_kind;
  IF FOUND THEN
    RETURN v_id;
  END IF;
  INSERT INTO ledger_accounts (owner_id, asset, kind) VALUES (p_owner, p_asset, p_kind)
  ON CONFLICT DO NOTHING RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    -- Created by a concurrent transaction that committed while this insert waited.
    SELECT id INTO STRICT v_id FROM ledger_accounts
     WHERE coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)
           = coalesce(p_owner, '00000000-0000-0000-0000-000000000000'::uuid)
       AND asset = p_asset AND kind = p_kind;
  END IF;
  RETURN v_id;
END
$$;

CREATE FUNCTION ledger_refusal(p_code text, p_index int, p_account_id bigint DEFAULT NULL) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object('ok', false, 'code', p_code, 'index', p_index - 1, 'account_id', p_account_id::text))
$$;

-- Resolves operation p_i of p_ops to its debit and credit accounts (and its hold, if any).
CREATE FUNCTION ledger_resolve_op(
  p_ops jsonb, p_i int,
  OUT op_asset text, OUT op_debit bigint, OUT op_credit bigint, OUT op_hold uuid, OUT op_refusal text
)
LANGUAGE plpgsql AS $$
DECLARE
  e constant jsonb := p_ops -> (p_i - 1);
  v_owner uuid;
BEGIN
  CASE e ->> 'op'
  WHEN 'transfer' THEN
    op_asset := e ->> 'asset';
    IF 'held' IN (e ->> 'debit_kind', e ->> 'credit_kind') THEN
      op_refusal := 'held_account_moves_only_through_holds';
      RETURN;
    END IF;
    op_debit := ledger_account_id((e ->> 'debit_owner')::uuid, op_asset, e ->> 'debit_kind');
    op_credit := ledger_account_id((e ->> 'credit_owner')::uuid, op_asset, e ->> 'credit_kind');
  WHEN 'hold' THEN
    op_asset := e ->> 'asset';
    op_hold := (e ->> 'id')::uuid;
    op_debit := ledger_account_id((e ->> 'owner')::uuid, op_asset, 'available');
    op_credit := ledger_account_id((e ->> 'owner')::uuid, op_asset, 'held');
  WHEN 'post', 'void' THEN
    op_hold := (e ->> 'hold_id')::uuid;
    SELECT h.asset, h.held_account_id, h.account_id INTO op_asset, op_debit, op_credit
      FROM ledger_holds h WHERE h.id = op_hold;
    IF NOT FOUND THEN
      -- A hold placed earlier in this same batch.
      SELECT x.e ->> 'asset', (x.e ->> 'owner')::uuid INTO op_asset, v_owner
        FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS x(e, k)
       WHERE x.k < p_i AND x.e ->> 'op' = 'hold' AND (x.e ->> 'id')::uuid = op_hold
       LIMIT 1;
      IF NOT FOUND THEN
        op_refusal := 'hold_not_found';
        RETURN;
      END IF;
      op_debit := ledger_account_id(v_owner, op_asset, 'held');
      op_credit := ledger_account_id(v_owner, op_asset, 'available');
    END IF;
    IF e ->> 'op' = 'post' THEN
      IF e ->> 'credit_kind' = 'held' THEN
        op_refusal := 'held_account_moves_only_through_holds';
        RETURN;
      END IF;
      op_credit := ledger_account_id((e ->> 'credit_owner')::uuid, op_asset, e ->> 'credit_kind');
    END IF;
  ELSE
    RAISE EXCEPTION 'ledger_apply: unknown op %', e ->> 'op' USING ERRCODE = 'invalid_parameter_value';
  END CASE;
  IF op_debit = op_credit THEN
    op_refusal := 'accounts_must_differ';
  END IF;
END
$$;

-- Applies p_ops (a JSON array, see @rora/ledger src/apply.ts) in order, all or nothing:
--   1. resolve each operation to its two accounts (creating accounts on first use);
--   2. lock every touched account in ascending id order (one global order, so two batches never
--      deadlock on each other), then the touched holds, and read them after the locks;
--   3. run the operations against that state in memory, refusing the batch at the first broken
--      rule; an id already in ledger_transfers with the same content is a replay (no effect);
--   4. write the transfers, the holds and one balance update per account.
CREATE FUNCTION ledger_apply(p_ops jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  n constant int := jsonb_array_length(p_ops);
  e jsonb;
  r record;
  prior ledger_transfers%ROWTYPE;
  i int; dk int; ck int; hk int;
  v_code text; v_meta jsonb; v_hold uuid;
  -- operations, resolved
  o_op text[]; o_id uuid[]; o_hold uuid[]; o_asset text[]; o_debit bigint[]; o_credit bigint[]; o_amount numeric[];
  -- locked accounts: balance before the batch and as it proceeds
  a_ids bigint[]; a_start numeric[]; a_bal numeric[]; a_neg boolean[];
  -- touched holds and their state as the batch proceeds
  h_ids uuid[]; h_account bigint[]; h_held bigint[]; h_asset text[]; h_amount numeric[]; h_posted numeric[];
  h_voided numeric[]; h_status text[]; h_code text[]; h_void uuid[]; h_new boolean[]; h_dirty boolean[];
  -- transfers to write
  t_n int := 0;
  t_id uuid[] := '{}'; t_debit bigint[] := '{}'; t_credit bigint[] := '{}'; t_asset text[] := '{}';
  t_amount numeric[] := '{}'; t_code text[] := '{}'; t_hold uuid[] := '{}'; t_meta jsonb[] := '{}';
  results jsonb := '[]';
BEGIN
  IF jsonb_typeof(p_ops) <> 'array' OR n = 0 THEN
    RAISE EXCEPTION 'ledger_apply: expects a non-empty array' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 1. Resolve.
  FOR i IN 1..n LOOP
    SELECT * INTO r FROM ledger_resolve_op(p_ops, i);
    IF r.op_refusal IS NOT NULL THEN
      RETURN ledger_refusal(r.op_refusal, i);
    END IF;
    e := p_ops -> (i - 1);
    o_op[i] := e ->> 'op';
    o_id[i] := (e ->> 'id')::uuid;
    o_hold[i] := r.op_hold;
    o_asset[i] := r.op_asset;
    o_debit[i] := r.op_debit;
    o_credit[i] := r.op_credit;
    o_amount[i] := (e ->> 'amount')::numeric;
    IF o_op[i] <> 'void' THEN
      IF o_amount[i] IS NULL OR o_amount[i] <> trunc(o_amount[i]) THEN
        RAISE EXCEPTION 'ledger_apply: amount of op % must be an integer', i - 1 USING ERRCODE = 'invalid_parameter_value';
      END IF;
      IF o_amount[i] <= 0 THEN
        RETURN ledger_refusal('amount_must_be_positive', i);
      END IF;
    END IF;
  END LOOP;

  -- 2. Lock accounts (ascending id), then holds (ascending id); read both after the locks.
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id), array_agg(l.allow_negative ORDER BY l.id)
    INTO a_ids, a_start, a_neg
    FROM (SELECT id, balance, allow_negative FROM ledger_accounts
           WHERE id = ANY (o_debit || o_credit) ORDER BY id FOR UPDATE) l;
  IF cardinality(a_ids) <> (SELECT count(DISTINCT x) FROM unnest(o_debit || o_credit) x) THEN
    RAISE EXCEPTION 'ledger_apply: an account is not visible to this transaction' USING ERRCODE = 'serialization_failure';
  END IF;
  a_bal := a_start;
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.account_id ORDER BY l.id), array_agg(l.held_account_id ORDER BY l.id),
         array_agg(l.asset ORDER BY l.id), array_agg(l.amount ORDER BY l.id), array_agg(l.posted_amount ORDER BY l.id),
         array_agg(l.voided_amount ORDER BY l.id), array_agg(l.status ORDER BY l.id), array_agg(l.code ORDER BY l.id),
         array_agg(l.void_transfer_id ORDER BY l.id), array_agg(false), array_agg(false)
    INTO h_ids, h_account, h_held, h_asset, h_amount, h_posted, h_voided, h_status, h_code, h_void, h_new, h_dirty
    FROM (SELECT * FROM ledger_holds WHERE id = ANY (o_hold) ORDER BY id FOR UPDATE) l;

  -- 3. Run.
  FOR i IN 1..n LOOP
    e := p_ops -> (i - 1);
    v_code := e ->> 'code';
    v_meta := coalesce(e -> 'metadata', '{}'::jsonb);
    v_hold := CASE WHEN o_op[i] = 'transfer' THEN NULL ELSE o_hold[i] END;
    hk := array_position(h_ids, o_hold[i]);
    IF o_op[i] IN ('post', 'void') AND hk IS NULL THEN
      RAISE EXCEPTION 'ledger_apply: hold % was not loaded', o_hold[i];
    END IF;
    IF o_op[i] = 'void' THEN
      IF h_status[hk] = 'voided' THEN
        results := results || jsonb_build_array(jsonb_build_object(
          'status', 'replayed', 'transfer_id', h_void[hk], 'amount', h_voided[hk]::text));
        CONTINUE;
      ELSIF h_status[hk] = 'posted' THEN
        RETURN ledger_refusal('hold_already_settled', i);
      END IF;
      o_id[i] := gen_random_uuid();
      o_amount[i] := h_amount[hk] - h_posted[hk] - h_voided[hk];
      v_code := 'hold_void';
    ELSE
      SELECT * INTO prior FROM ledger_transfers WHERE id = o_id[i];
      IF FOUND THEN
        IF (prior.debit_account_id, prior.credit_account_id, prior.amount, prior.code, prior.hold_id, prior.metadata)
           IS DISTINCT FROM (o_debit[i], o_credit[i], o_amount[i], v_code, v_hold, v_meta) THEN
          RETURN ledger_refusal('transfer_id_reused_with_different_content', i);
        END IF;
        results := results || jsonb_build_array(jsonb_build_object(
          'status', 'replayed', 'transfer_id', o_id[i], 'amount', o_amount[i]::text));
        CONTINUE;
      END IF;
      IF o_id[i] = ANY (t_id) THEN
        RETURN ledger_refusal('transfer_id_must_be_unique_in_batch', i);
      END IF;
      IF o_op[i] = 'post' THEN
        IF h_status[hk] <> 'pending' THEN
          RETURN ledger_refusal('hold_already_settled', i);
        ELSIF o_amount[i] > h_amount[hk] - h_posted[hk] - h_voided[hk] THEN
          RETURN ledger_refusal('post_amount_must_not_exceed_hold', i);
        END IF;
      END IF;
    END IF;

    dk := array_position(a_ids, o_debit[i]);
    ck := array_position(a_ids, o_credit[i]);
    IF NOT a_neg[dk] AND a_bal[dk] < o_amount[i] THEN
      RETURN ledger_refusal(
        CASE WHEN o_op[i] = 'hold' THEN 'available_balance_must_cover_hold' ELSE 'insufficient_balance' END, i, o_debit[i]);
    END IF;
    a_bal[dk] := a_bal[dk] - o_amount[i];
    a_bal[ck] := a_bal[ck] + o_amount[i];
    t_n := t_n + 1;
    t_id[t_n] := o_id[i]; t_debit[t_n] := o_debit[i]; t_credit[t_n] := o_credit[i]; t_asset[t_n] := o_asset[i];
    t_amount[t_n] := o_amount[i]; t_code[t_n] := v_code; t_hold[t_n] := v_hold; t_meta[t_n] := v_meta;

    IF o_op[i] = 'hold' THEN
      hk := coalesce(cardinality(h_ids), 0) + 1;
      h_ids[hk] := o_id[i]; h_account[hk] := o_debit[i]; h_held[hk] := o_credit[i]; h_asset[hk] := o_asset[i];
      h_amount[hk] := o_amount[i]; h_posted[hk] := 0; h_voided[hk] := 0; h_status[hk] := 'pending';
      h_code[hk] := v_code; h_void[hk] := NULL; h_new[hk] := true; h_dirty[hk] := true;
    ELSIF o_op[i] = 'post' THEN
      h_posted[hk] := h_posted[hk] + o_amount[i];
      h_status[hk] := CASE WHEN h_posted[hk] + h_voided[hk] = h_amount[hk] THEN 'posted' ELSE 'pending' END;
      h_dirty[hk] := true;
    ELSIF o_op[i] = 'void' THEN
      h_voided[hk] := h_voided[hk] + o_amount[i];
      h_status[hk] := 'voided';
      h_void[hk] := o_id[i];
      h_dirty[hk] := true;
    END IF;
    results := results || jsonb_build_array(jsonb_build_object(
      'status', 'created', 'transfer_id', o_id[i], 'amount', o_amount[i]::text));
  END LOOP;

  -- 4. Write: new holds first (transfers reference them), then transfers, then hold and balance updates.
  INSERT INTO ledger_holds (id, account_id, held_account_id, asset, amount, posted_amount, voided_amount, status, code,
                            void_transfer_id, settled_at)
  SELECT h.id, h.account_id, h.held_id, h.asset, h.amount, h.posted, h.voided, h.status, h.code, h.void_id,
         CASE WHEN h.status = 'pending' THEN NULL ELSE now() END
    FROM unnest(h_ids, h_account, h_held, h_asset, h_amount, h_posted, h_voided, h_status, h_code, h_void, h_new)
         AS h(id, account_id, held_id, asset, amount, posted, voided, status, code, void_id, is_new)
   WHERE h.is_new;
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, code, hold_id, metadata)
  SELECT t.id, t.debit, t.credit, t.asset, t.amount, t.code, t.hold, t.meta
    FROM unnest(t_id, t_debit, t_credit, t_asset, t_amount, t_code, t_hold, t_meta)
         WITH ORDINALITY AS t(id, debit, credit, asset, amount, code, hold, meta, k)
   ORDER BY t.k;
  UPDATE ledger_holds lh
     SET posted_amount = h.posted, voided_amount = h.voided, status = h.status, void_transfer_id = h.void_id,
         settled_at = CASE WHEN h.status = 'pending' THEN NULL ELSE now() END
    FROM unnest(h_ids, h_posted, h_voided, h_status, h_void, h_new, h_dirty)
         AS h(id, posted, voided, status, void_id, is_new, dirty)
   WHERE lh.id = h.id AND h.dirty AND NOT h.is_new;
  UPDATE ledger_accounts la
     SET balance = la.balance + d.bal - d.start
    FROM unnest(a_ids, a_bal, a_start) AS d(id, bal, start)
   WHERE la.id = d.id AND d.bal <> d.start;

  RETURN jsonb_build_object('ok', true, 'results', results);
END
$$;
