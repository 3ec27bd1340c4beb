-- On-ramp purchases (POST /order/init): a customer pays a provider by card and the provider credits
-- the coin through a signed webhook. A purchase's id is also the id of its ledger transfer
-- (onramp_purchase: external_world -> available), so it can be credited only once. States:
-- pending -> completed | failed | expired, and expired -> completed | failed (a late webhook),
-- enforced by a trigger (apps/api/src/modules/onramp/sql).

CREATE TABLE onramp_purchases (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  provider text NOT NULL CHECK (provider ~ '^[a-z][a-z0-9_]{0,31}$'),
  -- The provider's id for the purchase (the sandbox's session id); set when the widget is created.
  provider_reference text NOT NULL CHECK (length(provider_reference) BETWEEN 1 AND 200),
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  fiat_currency text NOT NULL CHECK (fiat_currency ~ '^[A-Z]{3}$'),
  -- Fiat minor units (cents) charged to the card, the provider's fee included.
  fiat_amount numeric(78, 0) NOT NULL CHECK (fiat_amount > 0),
  provider_fee numeric(78, 0) NOT NULL CHECK (provider_fee >= 0 AND provider_fee < fiat_amount),
  -- Coin minor units credited on completion.
  crypto_amount numeric(78, 0) NOT NULL CHECK (crypto_amount > 0),
  widget_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'expired')),
  failure_reason text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  notified_at timestamptz,
  CONSTRAINT onramp_purchases_reference_once UNIQUE (provider, provider_reference),
  CONSTRAINT onramp_purchases_settled_has_time CHECK ((status = 'pending') = (settled_at IS NULL)),
  CONSTRAINT onramp_purchases_failed_has_reason CHECK ((status IN ('failed', 'expired')) = (failure_reason IS NOT NULL))
);
CREATE INDEX onramp_purchases_user_idx ON onramp_purchases (user_id, created_at DESC);
CREATE INDEX onramp_purchases_pending_idx ON onramp_purchases (expires_at) WHERE status = 'pending';

-- Every webhook delivery accepted: the very same signed delivery twice is a replay (refused); the
-- same event signed anew (a provider retry) is a duplicate (answered, not applied again).
CREATE TABLE onramp_webhook_receipts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  signature text NOT NULL UNIQUE,
  event_id text NOT NULL,
  purchase_id uuid REFERENCES onramp_purchases(id),
  outcome text NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'ignored')),
  received_at timestamptz NOT NULL
);
CREATE INDEX onramp_webhook_receipts_event_idx ON onramp_webhook_receipts (provider, event_id);

-- The sandbox provider's own records, as a hosted provider keeps them on its side: the widget
-- session, the card's outcome and the delivery of the webhook (retried until answered 2xx).
CREATE TABLE onramp_sandbox_sessions (
  id uuid PRIMARY KEY,
  -- Rora's purchase id, as the provider knows it (its "external reference").
  external_reference uuid NOT NULL UNIQUE,
  asset text NOT NULL,
  fiat_currency text NOT NULL,
  fiat_amount numeric(78, 0) NOT NULL CHECK (fiat_amount > 0),
  crypto_amount numeric(78, 0) NOT NULL CHECK (crypto_amount > 0),
  status text NOT NULL CHECK (status IN ('open', 'approved', 'declined')),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  decline_code text,
  event_id text UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  delivered_at timestamptz,
  delivery_attempts integer NOT NULL DEFAULT 0 CHECK (delivery_attempts >= 0),
  next_delivery_at timestamptz,
  CONSTRAINT onramp_sandbox_decided_has_time CHECK ((status = 'open') = (decided_at IS NULL))
);
CREATE INDEX onramp_sandbox_due_idx ON onramp_sandbox_sessions (next_delivery_at)
  WHERE decided_at IS NOT NULL AND delivered_at IS NULL;
