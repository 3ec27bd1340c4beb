-- Audit leaves partitioned per snapshot (ADR 0030, update). A snapshot writes its millions of leaves
-- into a table of its own without indexes, then attaches it: the primary key and the owner index are
-- built once, sorted, instead of maintained through millions of inserts at random positions.
ALTER TABLE audit_leaves RENAME TO audit_leaves_before_partitions;
ALTER TABLE audit_leaves_before_partitions RENAME CONSTRAINT audit_leaves_pkey TO audit_leaves_before_partitions_pkey;
ALTER INDEX audit_leaves_owner_idx RENAME TO audit_leaves_before_partitions_owner_idx;

-- One row per leaf, at its shuffled position. No foreign key to users: millions of rows are written
-- at once, and owner_id is copied from ledger_accounts, which already references users.
CREATE TABLE audit_leaves (
  snapshot_id uuid NOT NULL REFERENCES audit_snapshots (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  owner_id uuid NOT NULL,
  leaf_index smallint NOT NULL CHECK (leaf_index >= 0),
  hash text NOT NULL,
  -- Minor units per asset of the snapshot, comma-separated: exactly what the leaf hash commits to.
  amounts text NOT NULL CHECK (amounts ~ '^[0-9]+(,[0-9]+)*$'),
  PRIMARY KEY (snapshot_id, position)
) PARTITION BY LIST (snapshot_id);
CREATE INDEX audit_leaves_owner_idx ON audit_leaves (snapshot_id, owner_id);

DO $$
DECLARE
  snapshot uuid;
BEGIN
  FOR snapshot IN SELECT DISTINCT snapshot_id FROM audit_leaves_before_partitions LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF audit_leaves FOR VALUES IN (%L)',
      'audit_leaves_' || replace(snapshot::text, '-', ''),
      snapshot
    );
  END LOOP;
END
$$;
INSERT INTO audit_leaves SELECT * FROM audit_leaves_before_partitions;
DROP TABLE audit_leaves_before_partitions;
-- The names the constraints had before (PostgreSQL numbered the new ones while the old table lived).
ALTER TABLE audit_leaves RENAME CONSTRAINT audit_leaves_snapshot_id_fkey1 TO audit_leaves_snapshot_id_fkey;
ALTER TABLE audit_leaves RENAME CONSTRAINT audit_leaves_position_check1 TO audit_leaves_position_check;
ALTER TABLE audit_leaves RENAME CONSTRAINT audit_leaves_leaf_index_check1 TO audit_leaves_leaf_index_check;
ALTER TABLE audit_leaves RENAME CONSTRAINT audit_leaves_amounts_check1 TO audit_leaves_amounts_check;
