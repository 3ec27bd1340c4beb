-- The functions that commit and read along this chain, orders_commit_batch() and orders_read_batch(),
-- live in apps/api/src/modules/orders/sql (ADR 0022).

-- The chain of committed batches (ADR 0014). The sequencer sends batch n+1 while batch n still
-- commits; n+1's first statement moves the chain from n to n+1, so it waits on this row until n is
-- done, then sees everything n wrote, and if n did not commit it finds the chain at n-1 and fails
-- (SQLSTATE L0003). Read with the balances, it also tells the sequencer which of its batches a
-- read already includes.
CREATE TABLE order_chain (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  last_batch bigint NOT NULL DEFAULT 0 CHECK (last_batch >= 0)
);
INSERT INTO order_chain DEFAULT VALUES;
