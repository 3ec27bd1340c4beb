-- Live events too large for one NOTIFY (PostgreSQL caps a payload at 8000 bytes): the PostgreSQL
-- event bus (apps/api/src/modules/realtime/postgres-event-bus.ts) writes the event here and notifies
-- its id; every process listening reads it back. Rows are read within seconds of being written; the
-- purge-event-payloads job deletes those older than an hour.

CREATE TABLE event_payloads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX event_payloads_created_at ON event_payloads (created_at);
