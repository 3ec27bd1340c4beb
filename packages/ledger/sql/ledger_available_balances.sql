-- The available balances of (owner, asset) pairs (balance less what holds reserve, ADR 0063), read
-- without locks: what the order runner checks each order against before it matches (the ledger
-- checks again under lock when the batch commits).
-- Matched on the account index's own expression, so it is one index lookup per pair; an account
-- never used reads as no row (zero).
CREATE OR REPLACE FUNCTION ledger_available_balances(p_owners uuid[], p_assets text[])
RETURNS TABLE (owner_id uuid, asset text, balance text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT a.owner_id, a.asset, (a.balance - a.held)::text
    FROM unnest(p_owners, p_assets) AS k(owner_id, asset)
    JOIN ledger_accounts a
      ON coalesce(a.owner_id, '00000000-0000-0000-0000-000000000000'::uuid) = k.owner_id
     AND a.asset = k.asset AND a.kind = 'available';
END
$$;
