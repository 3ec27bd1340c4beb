-- A loan moves only along open -> cancelled | active and active -> repaid | liquidated | closed
-- (TESTING.md #9); what was asked for never changes, and a settled loan keeps its settlement.
CREATE OR REPLACE FUNCTION loans_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.borrower_id <> OLD.borrower_id OR NEW.asset <> OLD.asset
     OR NEW.principal <> OLD.principal OR NEW.rate_bps <> OLD.rate_bps OR NEW.term_days <> OLD.term_days
     OR NEW.collateral_asset <> OLD.collateral_asset OR NEW.collateral <> OLD.collateral
     OR NEW.initial_ltv_bps <> OLD.initial_ltv_bps OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'loans: what a loan is never changes (%)', OLD.id;
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'open' AND NEW.status IN ('cancelled', 'active'))
    OR (OLD.status = 'active' AND NEW.status IN ('repaid', 'liquidated', 'closed'))) THEN
    RAISE EXCEPTION 'loans: % -> % is not a transition (%)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF OLD.status NOT IN ('open', 'active') AND ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*) THEN
    RAISE EXCEPTION 'loans: a % loan never changes (%)', OLD.status, OLD.id;
  END IF;
  IF OLD.lender_id IS NOT NULL AND (NEW.lender_id IS DISTINCT FROM OLD.lender_id
     OR NEW.funded_at IS DISTINCT FROM OLD.funded_at OR NEW.due_at IS DISTINCT FROM OLD.due_at) THEN
    RAISE EXCEPTION 'loans: a lent loan keeps its lender and dates (%)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER loans_transition BEFORE UPDATE ON loans FOR EACH ROW EXECUTE FUNCTION loans_check_transition();
