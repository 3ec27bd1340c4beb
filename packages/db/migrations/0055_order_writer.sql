-- Where the order books' one writer (the process holding the writer lock, ADR 0014) takes orders that
-- other API replicas forward to it (ADR 0045): its lock session's pid, the URL other replicas reach it
-- on, and a token of that process alone, which a forwarded order must carry. A row whose pid no
-- longer holds the lock is stale; readers check pg_locks, and the next writer overwrites it.
CREATE TABLE order_writer (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  pid integer NOT NULL,
  url text NOT NULL CHECK (url ~ '^https?://'),
  token text NOT NULL CHECK (length(token) >= 32),
  since timestamptz NOT NULL DEFAULT now()
);
