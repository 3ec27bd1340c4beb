-- staking_accrue(today, limit, stake): one batch of the daily accrual (ADR 0029), set-based, in the
-- caller's transaction. It takes up to `limit` active stakes with a day due (accrued_through before
-- today and before their end day), skipping those another run holds (two workers split the work),
-- and for each missing day up to today:
--   reward(day k) = floor(P × apy × k / 3,650,000) − floor(P × apy × (k − 1) / 3,650,000)
-- so the rewards of days 1..k always sum to floor(P × apy × k / 3,650,000): the remainder of each
-- day is carried in the cumulative floor, and a term's rewards equal the exact APY amount to within
-- one minor unit. One stake_accruals row per (stake, day) (its key refuses a second), the stake's
-- counters and the pool's reserve move down by the same amount, and one ledger batch pays the
-- batch's rewards from each asset's pool, one transfer per customer account: to `available` for a flexible stake (paid as it
-- accrues), to `staked` for a locked one (paid at maturity). The pool rows are locked before the
-- ledger's accounts, the order every staking path takes (stake, plan, pool, ledger accounts).
-- A refusal of the ledger raises (ledger_apply_or_raise), undoing the whole batch.
-- Returns {"stakes": n, "users": [user ids rewarded]}; n = 0 means nothing is due.
CREATE OR REPLACE FUNCTION staking_accrue(p_today date, p_limit integer, p_stake uuid DEFAULT NULL) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  s_id uuid[]; s_user uuid[]; s_asset text[]; s_flexible boolean[]; s_through date[]; s_amount numeric[];
  v_ops jsonb;
  v_n integer;
BEGIN
  WITH picked AS (
    SELECT s.id, s.user_id, s.asset, s.flexible, s.principal, s.apy_bps, s.start_day, s.accrued_through,
           least(p_today, s.end_day) AS through
      FROM stakes s
     -- accrued_through < p_today is implied, but lets the due index be read in order up to LIMIT
     -- instead of every active stake being read and sorted for each batch.
     WHERE s.status = 'active' AND s.accrued_through < p_today AND s.accrued_through < s.end_day
       AND (p_stake IS NULL OR s.id = p_stake)
     ORDER BY s.accrued_through, s.id
     LIMIT p_limit
       FOR UPDATE SKIP LOCKED
  ), days AS (
    SELECT p.id, d.day, (d.day - p.start_day) AS k, p.principal * p.apy_bps AS rate
      FROM picked p
     CROSS JOIN LATERAL (SELECT g::date AS day FROM generate_series(p.accrued_through + 1, p.through, interval '1 day') g) d
  ), inserted AS (
    INSERT INTO stake_accruals (stake_id, day, amount)
    SELECT id, day, div(rate * k, 3650000) - div(rate * (k - 1), 3650000) FROM days
    ON CONFLICT DO NOTHING
    RETURNING stake_id, amount
  ), per_stake AS (
    SELECT stake_id, sum(amount) AS amount FROM inserted GROUP BY stake_id
  )
  SELECT array_agg(p.id ORDER BY p.id), array_agg(p.user_id ORDER BY p.id), array_agg(p.asset ORDER BY p.id),
         array_agg(p.flexible ORDER BY p.id), array_agg(p.through ORDER BY p.id),
         array_agg(coalesce(a.amount, 0) ORDER BY p.id)
    INTO s_id, s_user, s_asset, s_flexible, s_through, s_amount
    FROM picked p LEFT JOIN per_stake a ON a.stake_id = p.id;

  v_n := coalesce(cardinality(s_id), 0);
  IF v_n = 0 THEN
    RETURN jsonb_build_object('stakes', 0, 'users', '[]'::jsonb);
  END IF;

  UPDATE stakes s
     SET accrued_through = u.through,
         rewards_accrued = s.rewards_accrued + u.amount,
         rewards_paid = s.rewards_paid + CASE WHEN u.flexible THEN u.amount ELSE 0 END,
         reserved = s.reserved - u.amount
    FROM unnest(s_id, s_through, s_amount, s_flexible) AS u(id, through, amount, flexible)
   WHERE s.id = u.id;

  PERFORM 1 FROM staking_pools WHERE asset = ANY (s_asset) ORDER BY asset FOR UPDATE;
  UPDATE staking_pools p
     SET reserved = p.reserved - t.amount
    FROM (SELECT u.asset, sum(u.amount) AS amount FROM unnest(s_asset, s_amount) AS u(asset, amount) GROUP BY u.asset) t
   WHERE p.asset = t.asset AND t.amount > 0;

  -- One transfer per customer account rewarded (a customer's stakes of one asset and kind together):
  -- the ledger's work grows with the accounts, not the stakes; stake_accruals keeps each stake's part.
  SELECT jsonb_agg(jsonb_build_object(
           'op', 'transfer',
           'id', staking_transfer_id('staking-accrual:' || t.user_id || ':' || t.asset || ':' || t.kind || ':' || t.first_stake || ':' || p_today),
           'asset', t.asset,
           'debit_owner', NULL, 'debit_kind', 'staking_rewards',
           'credit_owner', t.user_id, 'credit_kind', t.kind,
           'amount', t.amount::text,
           'code', 'staking_reward',
           'metadata', jsonb_build_object('stakes', t.stakes, 'through', p_today)) ORDER BY t.user_id, t.asset, t.kind)
    INTO v_ops
    FROM (SELECT u.user_id, u.asset, CASE WHEN u.flexible THEN 'available' ELSE 'staked' END AS kind,
                 sum(u.amount) AS amount, count(*) AS stakes, min(u.id::text) AS first_stake
            FROM unnest(s_id, s_user, s_asset, s_flexible, s_amount) AS u(id, user_id, asset, flexible, amount)
           WHERE u.amount > 0
           GROUP BY 1, 2, 3) t;
  IF v_ops IS NOT NULL THEN
    PERFORM ledger_apply_or_raise(v_ops);
  END IF;

  RETURN jsonb_build_object('stakes', v_n, 'users',
    (SELECT coalesce(jsonb_agg(DISTINCT u), '[]'::jsonb) FROM unnest(s_user, s_amount) AS x(u, amount) WHERE x.amount > 0));
END
$$;
