-- A stake moves only along active -> matured | unstaked, what it is never changes, and an ended
-- stake's figures are final (TESTING.md #9; only notified_at is set after it ends). The trigger's
-- WHEN clause keeps the daily accrual's updates of active stakes (status unchanged, terms equal)
-- from calling the function at all: 100,000 rows a day pay nothing for this check.
CREATE OR REPLACE FUNCTION stakes_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.plan_id <> OLD.plan_id OR NEW.asset <> OLD.asset
     OR NEW.principal <> OLD.principal OR NEW.apy_bps <> OLD.apy_bps OR NEW.flexible <> OLD.flexible
     OR NEW.term_days <> OLD.term_days OR NEW.start_day <> OLD.start_day OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'stakes: what a stake is never changes (%)', OLD.id;
  END IF;
  IF NEW.status <> OLD.status AND NOT (OLD.status = 'active' AND NEW.status IN ('matured', 'unstaked')) THEN
    RAISE EXCEPTION 'stakes: % -> % is not a transition (%)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF OLD.status <> 'active' AND (NEW.accrued_through, NEW.rewards_accrued, NEW.rewards_paid, NEW.rewards_forfeited,
                                 NEW.reserved, NEW.ended_at)
       IS DISTINCT FROM (OLD.accrued_through, OLD.rewards_accrued, OLD.rewards_paid, OLD.rewards_forfeited,
                         OLD.reserved, OLD.ended_at) THEN
    RAISE EXCEPTION 'stakes: an ended stake keeps its figures (%)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER stakes_transition BEFORE UPDATE ON stakes FOR EACH ROW
  WHEN (OLD.status <> 'active' OR NEW.status <> OLD.status OR NEW.principal <> OLD.principal
        OR NEW.user_id <> OLD.user_id OR NEW.plan_id <> OLD.plan_id OR NEW.asset <> OLD.asset
        OR NEW.apy_bps <> OLD.apy_bps OR NEW.flexible <> OLD.flexible OR NEW.term_days <> OLD.term_days
        OR NEW.start_day <> OLD.start_day OR NEW.created_at <> OLD.created_at OR NEW.id <> OLD.id)
  EXECUTE FUNCTION stakes_check_transition();
