-- Identity verification (KYC): the customer's application, the documents on file, the record of
-- every status change, the identity provider's webhook receipts, and the sandbox provider's checks.
-- users.kyc_status (0001) stays the one current status; it changes only with a row in kyc_status_events.

ALTER TABLE users ADD CONSTRAINT users_kyc_status_check CHECK (
  kyc_status IN ('not_started', 'in_progress', 'waiting_for_approval', 'approved', 'rejected', 'resubmitted')
);

-- One application per customer, created on the first KYC action. The identity details (spec §3).
CREATE TABLE kyc_applications (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  full_name text,
  date_of_birth date,
  address text,
  city text,
  country text CHECK (country ~ '^[A-Z]{2}$'),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  privacy_policy_agreed_at timestamptz,
  identity_updated_at timestamptz,
  -- The submission the provider is deciding (or decided): its reference comes back in the webhook.
  submission_count integer NOT NULL DEFAULT 0 CHECK (submission_count >= 0),
  provider text,
  provider_reference text,
  submitted_at timestamptz,
  decided_at timestamptz,
  -- The last rejection: [{ code, item }] and when it happened; items_to_fix are the rejected items
  -- (identity or a document kind) the customer has not replaced yet.
  rejection_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  rejected_at timestamptz,
  items_to_fix text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX kyc_applications_provider_reference_idx ON kyc_applications (provider_reference);

-- Uploaded documents. The file lives in the storage adapter under storage_key (random, never the
-- customer's name); file_name is only shown back to its owner. A replaced document is kept, superseded.
CREATE TABLE kyc_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('proof_of_residence', 'id_card', 'photo', 'photo_with_id_card')),
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 bytea NOT NULL,
  created_at timestamptz NOT NULL,
  superseded_at timestamptz
);
CREATE UNIQUE INDEX kyc_documents_current_idx ON kyc_documents (user_id, kind) WHERE superseded_at IS NULL;
CREATE INDEX kyc_documents_user_idx ON kyc_documents (user_id, created_at DESC);

-- Every status change, with its time and actor (the customer, the identity provider or the system).
CREATE TABLE kyc_status_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('customer', 'identity_provider', 'system')),
  -- The customer's id, or the provider's name.
  actor_id text NOT NULL,
  reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL,
  CHECK (from_status <> to_status)
);
CREATE INDEX kyc_status_events_user_idx ON kyc_status_events (user_id, id);

-- Webhook deliveries accepted from the identity provider: an event takes effect once; the same
-- signed delivery received twice is a replay and is refused.
CREATE TABLE identity_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  signature_hash bytea NOT NULL UNIQUE,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- The sandbox identity provider's own records (a real provider keeps these on its side): each
-- submission is decided at decide_at, then its signed webhook is delivered, retried with backoff.
CREATE TABLE identity_sandbox_checks (
  id uuid PRIMARY KEY,
  reference text NOT NULL,
  submission jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  decision jsonb,
  decided_at timestamptz,
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX identity_sandbox_checks_due_idx ON identity_sandbox_checks (due_at) WHERE delivered_at IS NULL;
