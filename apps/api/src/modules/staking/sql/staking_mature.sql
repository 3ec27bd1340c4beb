-- staking_mature(today, now, limit): pays out, in one batch, up to `limit` stakes that reached their
-- end day with every day accrued (ADR 0029): principal and the rewards accrued but not yet paid move
-- from the customer's staked account to their available account in one transfer (`unstake`), the
-- stake becomes `matured` and its plan's staked total goes down. Rows another run holds are skipped;
-- a stake still owing days is left to staking_accrue first. Lock order as everywhere in staking:
-- stakes, plans, then the ledger's accounts. Returns the ids of the stakes matured.
CREATE OR REPLACE FUNCTION staking_mature(p_today date, p_now timestamptz, p_limit integer) RETURNS uuid[]
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  s_id uuid[]; s_user uuid[]; s_plan text[]; s_asset text[]; s_principal numeric[]; s_unpaid numeric[];
  v_ops jsonb;
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.user_id ORDER BY x.id), array_agg(x.plan_id ORDER BY x.id),
         array_agg(x.asset ORDER BY x.id), array_agg(x.principal ORDER BY x.id),
         array_agg(x.rewards_accrued - x.rewards_paid ORDER BY x.id)
    INTO s_id, s_user, s_plan, s_asset, s_principal, s_unpaid
    FROM (SELECT s.id, s.user_id, s.plan_id, s.asset, s.principal, s.rewards_accrued, s.rewards_paid
            FROM stakes s
           WHERE s.status = 'active' AND s.accrued_through = s.end_day AND s.end_day <= p_today
           ORDER BY s.accrued_through, s.id
           LIMIT p_limit
             FOR UPDATE SKIP LOCKED) x;
  IF s_id IS NULL THEN
    RETURN '{}'::uuid[];
  END IF;

  UPDATE stakes s
     SET status = 'matured', rewards_paid = s.rewards_accrued, ended_at = p_now
   WHERE s.id = ANY (s_id);
  PERFORM 1 FROM staking_plans WHERE id = ANY (s_plan) ORDER BY id FOR UPDATE;
  UPDATE staking_plans p
     SET staked_total = p.staked_total - t.amount
    FROM (SELECT u.plan, sum(u.principal) AS amount FROM unnest(s_plan, s_principal) AS u(plan, principal) GROUP BY u.plan) t
   WHERE p.id = t.plan;

  SELECT jsonb_agg(jsonb_build_object(
           'op', 'transfer',
           'id', staking_transfer_id('staking-maturity:' || u.id),
           'asset', u.asset,
           'debit_owner', u.user_id, 'debit_kind', 'staked',
           'credit_owner', u.user_id, 'credit_kind', 'available',
           'amount', (u.principal + u.unpaid)::text,
           'code', 'unstake',
           'metadata', jsonb_build_object('stakeId', u.id, 'reason', 'matured')) ORDER BY u.id)
    INTO v_ops
    FROM unnest(s_id, s_user, s_asset, s_principal, s_unpaid) AS u(id, user_id, asset, principal, unpaid);
  PERFORM ledger_apply_or_raise(v_ops);
  RETURN s_id;
END
$$;
