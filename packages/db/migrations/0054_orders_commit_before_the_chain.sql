-- The schema of the order sequencer's commit before the chain (ADR 0019; the commit itself is
-- apps/api/src/modules/orders/sql/orders_commit_batch.sql).
--
-- A batch writes its new rows before it takes the chain, the fills too: a fill's maker order may come
-- from a batch not committed yet, which a foreign key check does not see, so that key is checked at
-- commit (DEFERRABLE INITIALLY DEFERRED). By then the chain holds every earlier batch, and a batch
-- whose maker order's batch failed fails with it.
--
-- The sequencer learns which batches committed from the batches themselves. A batch whose answer was
-- lost (the connection broke) used to count as committed once the chain had passed its number. That
-- is wrong when someone else moved the chain on: another server that held the writer lock
-- meanwhile, or a batch numbered by hand. Now each batch leaves its number and a token of its own in
-- a ring of slots (slot = number mod 4096), read by orders_batch_committed() once the backend that
-- ran the batch is gone (orders/batch-commit.ts). Only a few batches are ever in flight, so the ring
-- never wraps under one.
CREATE TABLE order_batch_marks (
  slot int PRIMARY KEY CHECK (slot >= 0 AND slot < 4096),
  batch bigint NOT NULL,
  token uuid NOT NULL
);
INSERT INTO order_batch_marks (slot, batch, token)
SELECT s, -1, '00000000-0000-0000-0000-000000000000' FROM generate_series(0, 4095) AS s;

ALTER TABLE order_fills ALTER CONSTRAINT order_fills_maker_order_id_fkey DEFERRABLE INITIALLY DEFERRED;
