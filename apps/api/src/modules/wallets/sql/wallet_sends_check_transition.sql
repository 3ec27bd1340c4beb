-- A send moves only along its kind's edges: external held -> broadcast -> confirmed -> posted, or
-- voided before confirmation; internal held -> posted or voided. What it is, and its txid once known,
-- never change (TESTING.md #9).
CREATE OR REPLACE FUNCTION wallet_sends_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.kind <> OLD.kind OR NEW.amount <> OLD.amount OR NEW.fee <> OLD.fee
     OR NEW.to_address <> OLD.to_address OR NEW.destination_tag IS DISTINCT FROM OLD.destination_tag
     OR NEW.wallet_id <> OLD.wallet_id OR (OLD.txid IS NOT NULL AND NEW.txid IS DISTINCT FROM OLD.txid) THEN
    RAISE EXCEPTION 'wallet_sends: what a send is, and its txid once known, never change (%)', OLD.id;
  END IF;
  IF OLD.status = NEW.status AND OLD.status IN ('held', 'broadcast') THEN
    RETURN NEW;
  END IF;
  IF NOT (
    (OLD.kind = 'external' AND (OLD.status, NEW.status) IN (
      ('held', 'broadcast'), ('held', 'voided'), ('broadcast', 'confirmed'), ('broadcast', 'voided'),
      ('confirmed', 'posted')))
    OR (OLD.kind = 'internal' AND (OLD.status, NEW.status) IN (('held', 'posted'), ('held', 'voided')))
  ) THEN
    RAISE EXCEPTION 'wallet_sends: % -> % is not a transition of a % send (%)', OLD.status, NEW.status, OLD.kind, OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER wallet_sends_transition BEFORE UPDATE ON wallet_sends
  FOR EACH ROW EXECUTE FUNCTION wallet_sends_check_transition();
