-- The devnet owner's generation (ADR 0083): every process that takes the devnet lock adds one, under
-- the lock. An owner whose lock connection was cut takes the lock again only if the generation is
-- then the one after its own: otherwise another process owned the devnet meanwhile (and may have
-- written it), and this one steps down rather than write from its stale memory over those rows.

CREATE TABLE devnet_owner (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation bigint NOT NULL CHECK (generation >= 0)
);
INSERT INTO devnet_owner (only_row, generation) VALUES (true, 0);
