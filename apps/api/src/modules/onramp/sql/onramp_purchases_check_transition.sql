-- A purchase moves only along pending -> completed | failed | expired, and expired -> completed |
-- failed (a late webhook); what it is never changes (TESTING.md #9).
CREATE OR REPLACE FUNCTION onramp_purchases_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.provider <> OLD.provider
     OR NEW.provider_reference <> OLD.provider_reference OR NEW.asset <> OLD.asset
     OR NEW.fiat_amount <> OLD.fiat_amount OR NEW.crypto_amount <> OLD.crypto_amount THEN
    RAISE EXCEPTION 'onramp_purchases: what a purchase is never changes (%)', OLD.id;
  END IF;
  -- A provider's late confirmation of an expired purchase still counts: the card was charged.
  IF NEW.status <> OLD.status AND NOT (
    (OLD.status = 'pending' AND NEW.status IN ('completed', 'failed', 'expired'))
    OR (OLD.status = 'expired' AND NEW.status IN ('completed', 'failed'))
  ) THEN
    RAISE EXCEPTION 'onramp_purchases: % -> % is not a transition (%)', OLD.status, NEW.status, OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER onramp_purchases_transition BEFORE UPDATE ON onramp_purchases
  FOR EACH ROW EXECUTE FUNCTION onramp_purchases_check_transition();
