-- A swap moves only along in_progress -> completed | failed, and what it is never changes (TESTING.md #9).
CREATE OR REPLACE FUNCTION swaps_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.quote_id <> OLD.quote_id
     OR NEW.from_asset <> OLD.from_asset OR NEW.to_asset <> OLD.to_asset OR NEW.quantity <> OLD.quantity
     OR NEW.fee <> OLD.fee OR NEW.converted <> OLD.converted OR NEW.dust <> OLD.dust OR NEW.receive <> OLD.receive
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'swaps: what a swap is never changes (%)', OLD.id;
  END IF;
  IF NEW.status <> OLD.status AND NOT (OLD.status = 'in_progress' AND NEW.status IN ('completed', 'failed')) THEN
    RAISE EXCEPTION 'swaps: % -> % is not a transition (%)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF OLD.status <> 'in_progress' AND NEW.settled_at IS DISTINCT FROM OLD.settled_at THEN
    RAISE EXCEPTION 'swaps: a settled swap keeps its settlement time (%)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER swaps_transition BEFORE UPDATE ON swaps FOR EACH ROW EXECUTE FUNCTION swaps_check_transition();
