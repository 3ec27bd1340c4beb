-- Accounts: one-time codes (e-mail, SMS), second factors, PIN, recovery codes and password-reset
-- tickets. Secrets are stored hashed, except the TOTP secret, which verifying a code needs.

-- One row per code sent. The code itself is never stored: code_hash = sha256(id || ':' || code).
-- A code is bound to its purpose and destination (lowercased e-mail, or phone as +<dial><digits>),
-- valid until expires_at, dead after 5 wrong tries, verified once and used (redeemed) once.
CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('email_verify', 'phone_verify', 'password_reset')),
  destination text NOT NULL,
  code_hash bytea NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts BETWEEN 0 AND 5),
  ip text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  used_at timestamptz,
  -- A newer code for the same purpose and destination replaced this one.
  superseded_at timestamptz
);
CREATE INDEX one_time_codes_lookup_idx ON one_time_codes (purpose, destination, created_at DESC);
CREATE INDEX one_time_codes_destination_idx ON one_time_codes (destination, created_at DESC);
CREATE INDEX one_time_codes_ip_idx ON one_time_codes (ip, created_at DESC);

-- Security settings of a customer, created on first need (a missing row means nothing is set).
CREATE TABLE account_security (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email_verified_at timestamptz,
  phone_verified_at timestamptz,
  password_changed_at timestamptz,
  -- Authenticator 2FA is on exactly when totp_secret is set (base32).
  totp_secret text,
  -- A key from generate-key, waiting for its first code.
  totp_pending_secret text,
  -- The last accepted time-step: a code is never accepted twice.
  totp_last_step integer,
  totp_failures integer NOT NULL DEFAULT 0 CHECK (totp_failures BETWEEN 0 AND 5),
  totp_locked_until timestamptz,
  withdrawal_2fa_enabled boolean NOT NULL DEFAULT false,
  pin_hash text,
  pin_failures integer NOT NULL DEFAULT 0 CHECK (pin_failures BETWEEN 0 AND 5),
  pin_locked_until timestamptz,
  CONSTRAINT withdrawal_2fa_needs_2fa CHECK (NOT withdrawal_2fa_enabled OR totp_secret IS NOT NULL)
);

-- Ten single-use codes shown once when 2FA is enabled; code_hash = sha256(user_id || ':' || code).
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- Proof that a password-reset code was verified: a random 256-bit ticket, stored as its sha256.
CREATE TABLE password_reset_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ticket_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tickets_user_idx ON password_reset_tickets (user_id);
