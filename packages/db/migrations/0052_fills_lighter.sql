-- A fill's row costs less to write (ADR 0016): its maker and taker users are copies of its orders'
-- users (the orders' foreign keys already name existing customers), so their own foreign-key checks,
-- two lookups and a lock on each user row per fill, go; and the public trades are read through the
-- (pair, seq) unique index backwards, filtered to the lit book (dark fills are few), so the partial
-- index of lit fills, one more insert per fill, goes too.
ALTER TABLE order_fills
  DROP CONSTRAINT order_fills_maker_user_id_fkey,
  DROP CONSTRAINT order_fills_taker_user_id_fkey;
DROP INDEX order_fills_public_idx;
