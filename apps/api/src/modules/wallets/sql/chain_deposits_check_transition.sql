-- A deposit moves only along pending -> confirming -> credited, or to failed from either, and what it
-- is never changes. A reorganisation that takes a confirming deposit's block away returns it to
-- pending (its transaction is back in the mempool, or gone) (TESTING.md #9; the ledger transfer that credits it has the deposit's id, #10).
CREATE OR REPLACE FUNCTION chain_deposits_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.network <> OLD.network OR NEW.txid <> OLD.txid OR NEW.output_index <> OLD.output_index
     OR NEW.wallet_id <> OLD.wallet_id OR NEW.amount <> OLD.amount OR NEW.asset <> OLD.asset THEN
    RAISE EXCEPTION 'chain_deposits: what a deposit is never changes (%)', OLD.id;
  END IF;
  IF OLD.status = NEW.status AND OLD.status IN ('pending', 'confirming') THEN
    RETURN NEW;
  END IF;
  IF (OLD.status, NEW.status) NOT IN (
    ('pending', 'confirming'), ('pending', 'credited'), ('confirming', 'credited'), ('confirming', 'pending'),
    ('pending', 'failed'), ('confirming', 'failed')
  ) THEN
    RAISE EXCEPTION 'chain_deposits: % -> % is not a transition (%)', OLD.status, NEW.status, OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER chain_deposits_transition BEFORE UPDATE ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION chain_deposits_check_transition();
