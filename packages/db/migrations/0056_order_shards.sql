-- Market shards (ADR 0046): markets are partitioned across order sequencers, each shard with its own
-- writer lock, commit chain, batch marks and writer address. Today's single rows become shard 0's,
-- so a database written by one writer keeps its chain and goes on as shard 0. The rows of another
-- shard are created by its first writer (orders/writer-lock.ts).
ALTER TABLE order_chain ADD COLUMN shard int NOT NULL DEFAULT 0 CHECK (shard >= 0 AND shard < 64);
ALTER TABLE order_chain DROP CONSTRAINT order_chain_pkey;
ALTER TABLE order_chain DROP COLUMN one;
ALTER TABLE order_chain ADD PRIMARY KEY (shard);
ALTER TABLE order_chain ALTER COLUMN shard DROP DEFAULT;

ALTER TABLE order_writer ADD COLUMN shard int NOT NULL DEFAULT 0 CHECK (shard >= 0 AND shard < 64);
ALTER TABLE order_writer DROP CONSTRAINT order_writer_pkey;
ALTER TABLE order_writer DROP COLUMN one;
ALTER TABLE order_writer ADD PRIMARY KEY (shard);
ALTER TABLE order_writer ALTER COLUMN shard DROP DEFAULT;

ALTER TABLE order_batch_marks ADD COLUMN shard int NOT NULL DEFAULT 0 CHECK (shard >= 0 AND shard < 64);
ALTER TABLE order_batch_marks DROP CONSTRAINT order_batch_marks_pkey;
ALTER TABLE order_batch_marks ADD PRIMARY KEY (shard, slot);
ALTER TABLE order_batch_marks ALTER COLUMN shard DROP DEFAULT;
