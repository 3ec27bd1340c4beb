-- P2P lending (issue 17, ADR 0028). A loan's id is also the id of the ledger hold on its collateral
-- (loan_collateral), placed when the request is posted; lending posts the hold into the borrower's
-- loan_escrow account and moves the principal in the same ledger batch; repaying or liquidating
-- releases the escrow. Every settlement transfer carries an id derived from the loan's, so each
-- step happens once. A loan moves only along open -> cancelled | active, active -> repaid |
-- liquidated | closed (a trigger: apps/api/src/modules/lending/sql).
CREATE TABLE loans (
  id uuid PRIMARY KEY,
  borrower_id uuid NOT NULL REFERENCES users(id),
  lender_id uuid REFERENCES users(id),
  asset text NOT NULL CHECK (asset ~ '^[A-Z0-9]{2,12}$'),
  -- Minor units of `asset`.
  principal numeric(78, 0) NOT NULL CHECK (principal > 0),
  rate_bps integer NOT NULL CHECK (rate_bps BETWEEN 1 AND 10000),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  collateral_asset text NOT NULL CHECK (collateral_asset ~ '^[A-Z0-9]{2,12}$'),
  -- Minor units of `collateral_asset`.
  collateral numeric(78, 0) NOT NULL CHECK (collateral > 0),
  status text NOT NULL CHECK (status IN ('open', 'cancelled', 'active', 'repaid', 'liquidated', 'closed')),
  initial_ltv_bps integer NOT NULL CHECK (initial_ltv_bps > 0),
  created_at timestamptz NOT NULL,
  funded_at timestamptz,
  due_at timestamptz,
  closed_at timestamptz,
  -- Set while the loan-to-value is at or above the margin-call level (one warning per rise).
  margin_called_at timestamptz,
  -- Settlement: what the borrower paid (principal + interest), the platform's fee out of it, and the
  -- collateral paid to the lender and returned to the borrower.
  paid numeric(78, 0) CHECK (paid >= 0),
  fee numeric(78, 0) CHECK (fee >= 0),
  collateral_seized numeric(78, 0) CHECK (collateral_seized >= 0),
  collateral_returned numeric(78, 0) CHECK (collateral_returned >= 0),
  CONSTRAINT loans_assets_differ CHECK (asset <> collateral_asset),
  CONSTRAINT loans_no_self_lending CHECK (lender_id IS NULL OR lender_id <> borrower_id),
  CONSTRAINT loans_lent_has_lender CHECK ((status IN ('open', 'cancelled')) = (lender_id IS NULL)),
  CONSTRAINT loans_lent_has_dates CHECK ((lender_id IS NULL) = (funded_at IS NULL AND due_at IS NULL)),
  CONSTRAINT loans_collateral_split CHECK (
    collateral_seized IS NULL OR collateral_returned IS NULL OR collateral_seized + collateral_returned = collateral)
);
-- The marketplace: open requests by asset and rate.
CREATE INDEX loans_open_idx ON loans (asset, rate_bps DESC, created_at DESC) WHERE status = 'open';
CREATE INDEX loans_borrower_idx ON loans (borrower_id, status, created_at DESC);
CREATE INDEX loans_lender_idx ON loans (lender_id, status, created_at DESC) WHERE lender_id IS NOT NULL;
-- The risk sweep reads every active loan.
CREATE INDEX loans_active_idx ON loans (asset, collateral_asset) WHERE status = 'active';

-- Each step of a loan, in order: its timeline, the effect an Idempotency-Key is bound to, and the
-- notifications to send (claimed once in notified_at; the risk sweep sends those a crash lost).
CREATE TABLE loan_events (
  id uuid PRIMARY KEY,
  -- The order of the steps (several may share a timestamp).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  loan_id uuid NOT NULL REFERENCES loans(id),
  type text NOT NULL CHECK (type IN ('requested', 'cancelled', 'funded', 'margin_call', 'repaid', 'liquidated', 'closed')),
  at timestamptz NOT NULL,
  ltv_bps integer,
  notify boolean NOT NULL,
  notified_at timestamptz
);
CREATE INDEX loan_events_loan_idx ON loan_events (loan_id, seq);
CREATE INDEX loan_events_unnotified_idx ON loan_events (seq) WHERE notify AND notified_at IS NULL;

-- Sandbox only: a reference price set by hand (dev route), which the lending price source reads
-- before the markets' prices when dev routes are on. Never read in production.
CREATE TABLE lending_price_overrides (
  asset text PRIMARY KEY REFERENCES assets(symbol),
  usd_price numeric(38, 18) NOT NULL CHECK (usd_price > 0),
  observed_at timestamptz NOT NULL
);
