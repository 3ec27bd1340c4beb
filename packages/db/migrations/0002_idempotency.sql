-- Idempotency keys (DESIGN §4): a keyed request's first response, stored so that a retry with the
-- same key and body gets it back byte for byte. A row without a response is a request in flight.
-- Keys are scoped per customer: two customers may use the same key.
CREATE TABLE idempotency_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_method text NOT NULL,
  request_path text NOT NULL,
  -- SHA-256 of the method, path and canonical JSON body: a different request under the same key is refused.
  request_hash bytea NOT NULL CHECK (length(request_hash) = 32),
  response_status integer CHECK (response_status BETWEEN 100 AND 599),
  response_content_type text,
  response_body bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT idempotency_keys_user_key_unique UNIQUE (user_id, idempotency_key),
  CONSTRAINT idempotency_keys_completed_has_response CHECK ((completed_at IS NULL) = (response_status IS NULL))
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
