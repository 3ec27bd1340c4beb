-- A quote is used once and never changes afterwards.
CREATE OR REPLACE FUNCTION swap_quotes_check_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.used_at IS NOT NULL OR NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.quantity <> OLD.quantity
     OR NEW.receive <> OLD.receive OR NEW.expires_at <> OLD.expires_at THEN
    RAISE EXCEPTION 'swap_quotes: only marking an unused quote as used is allowed (%)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER swap_quotes_update BEFORE UPDATE ON swap_quotes FOR EACH ROW EXECUTE FUNCTION swap_quotes_check_update();
