-- A non-security e-mail whose delivery failed is sent again by the worker (resend-failed-emails,
-- ADR 0074): `attempts` counts the sends tried, `next_attempt_at` is when the worker may try next.
-- It is set only while the message may still go out: on a failed one, the end of its backoff; on a
-- queued one, the end of the lease its sender holds, so a message whose sender died mid-send becomes
-- due rather than stay queued for ever. Sent, suppressed and abandoned messages have none, nor do
-- security ones (a customer asks for a new code; their text is not stored), nor SMS (all security).
--
-- `abandoned`: the worker gave up after about a day of tries. Rows that failed before this
-- migration keep NULL and are not sent now: their news may be days old.
ALTER TABLE outbox_messages
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz,
  DROP CONSTRAINT outbox_messages_status_check,
  ADD CONSTRAINT outbox_messages_status_check
    CHECK (status IN ('queued', 'sent', 'failed', 'suppressed', 'abandoned')),
  ADD CONSTRAINT outbox_messages_next_attempt_only_while_pending
    CHECK (next_attempt_at IS NULL OR (status IN ('queued', 'failed') AND channel = 'email' AND category <> 'security'));

-- The worker's question every minute: which messages are due? Few rows ever have a next attempt.
CREATE INDEX outbox_next_attempt_idx ON outbox_messages (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
