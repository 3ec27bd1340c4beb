-- Foundation: customers, sessions, notifications and the outbox of e-mails and SMS.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  phone_country_code text,
  phone_number text,
  share_data boolean NOT NULL DEFAULT true,
  receive_updates boolean NOT NULL DEFAULT true,
  ai_notifications boolean NOT NULL DEFAULT true,
  administrative_emails boolean NOT NULL DEFAULT true,
  newsletter_emails boolean NOT NULL DEFAULT true,
  language text NOT NULL DEFAULT 'en',
  theme text NOT NULL DEFAULT 'dark_theme',
  kyc_status text NOT NULL DEFAULT 'not_started',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  message text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC);

-- Every e-mail and SMS the product sends. With no SMTP/SMS provider configured this is the dev
-- outbox the browser tests read; with one configured it is the delivery log.
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  category text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'suppressed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_created_idx ON outbox_messages (created_at DESC);
