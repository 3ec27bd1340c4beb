-- Markets: orders and their fills (the order flow of DESIGN §5), candles for the price chart,
-- price alerts, favourite venues, and the house's market participants (the market maker).
-- Prices are quote minor units per whole base unit; quantities base minor units; numeric(78,0)
-- like the ledger, because 18-decimal assets overflow int8. Money moves only through the ledger:
-- these rows record what the order runner decided, in the same transaction as its transfers.

-- House-owned customers (users rows) that trade through the ordinary order flow: the market maker
-- quoting Rora's book, and the sandbox flow that trades against it so a fresh install has trades.
CREATE TABLE market_participants (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  role text NOT NULL UNIQUE CHECK (role IN ('market_maker', 'sandbox_flow')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  -- Also the id of the order's ledger hold (code order_hold).
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  pair text NOT NULL CHECK (pair ~ '^[A-Z0-9]{2,12}/[A-Z0-9]{2,12}$'),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  order_type text NOT NULL CHECK (order_type IN ('market', 'limit')),
  -- lit: Rora's public book; dark: the market's dark pool; venue: executed on an external platform.
  book text NOT NULL CHECK (book IN ('lit', 'dark', 'venue')),
  venue text NOT NULL,
  time_in_force text CHECK (time_in_force IN ('GTC', 'IOC', 'FOK')),
  post_only boolean NOT NULL DEFAULT false,
  price numeric(78, 0) CHECK (price > 0),
  quantity numeric(78, 0) CHECK (quantity > 0),
  -- A market buy by total: the quote amount to spend.
  budget numeric(78, 0) CHECK (budget > 0),
  hold_asset text NOT NULL,
  hold_amount numeric(78, 0) NOT NULL CHECK (hold_amount > 0),
  filled_quantity numeric(78, 0) NOT NULL DEFAULT 0 CHECK (filled_quantity >= 0),
  filled_notional numeric(78, 0) NOT NULL DEFAULT 0 CHECK (filled_notional >= 0),
  fee_paid numeric(78, 0) NOT NULL DEFAULT 0 CHECK (fee_paid >= 0),
  fee_asset text NOT NULL,
  maker_fee_bps integer NOT NULL CHECK (maker_fee_bps BETWEEN 0 AND 10000),
  taker_fee_bps integer NOT NULL CHECK (taker_fee_bps BETWEEN 0 AND 10000),
  status text NOT NULL CHECK (status IN ('pending', 'open', 'partially_filled', 'filled', 'cancelled', 'rejected')),
  cancel_reason text,
  -- Arrival order into the market's engine (both books): the book rebuilds in this order.
  seq bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  closed_at timestamptz,
  CONSTRAINT orders_quantity_or_budget CHECK ((quantity IS NULL) <> (budget IS NULL)),
  CONSTRAINT orders_limit_has_price CHECK ((order_type = 'limit') = (price IS NOT NULL)),
  CONSTRAINT orders_fill_within_quantity CHECK (quantity IS NULL OR filled_quantity <= quantity),
  CONSTRAINT orders_closed_when_final CHECK ((status IN ('filled', 'cancelled', 'rejected')) = (closed_at IS NOT NULL)),
  CONSTRAINT orders_engine_orders_have_seq CHECK ((book = 'venue') = (seq IS NULL)),
  CONSTRAINT orders_pair_seq UNIQUE (pair, seq)
);
CREATE INDEX orders_open_idx ON orders (pair, seq) WHERE status IN ('open', 'partially_filled');
CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'pending';
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC, id);
CREATE INDEX orders_user_open_idx ON orders (user_id, created_at DESC) WHERE status IN ('pending', 'open', 'partially_filled');

-- One row per trade: a maker and a taker order of Rora's book (lit or dark), or a taker order
-- filled by an external platform (no maker order).
CREATE TABLE order_fills (
  id uuid PRIMARY KEY,
  pair text NOT NULL,
  book text NOT NULL CHECK (book IN ('lit', 'dark', 'venue')),
  venue text NOT NULL,
  -- The market's trade sequence (Rora's books only).
  seq bigint,
  maker_order_id uuid REFERENCES orders(id),
  taker_order_id uuid NOT NULL REFERENCES orders(id),
  maker_user_id uuid REFERENCES users(id),
  taker_user_id uuid NOT NULL REFERENCES users(id),
  taker_side text NOT NULL CHECK (taker_side IN ('buy', 'sell')),
  price numeric(78, 0) NOT NULL CHECK (price > 0),
  quantity numeric(78, 0) NOT NULL CHECK (quantity > 0),
  notional numeric(78, 0) NOT NULL CHECK (notional > 0),
  maker_fee numeric(78, 0) NOT NULL DEFAULT 0 CHECK (maker_fee >= 0),
  taker_fee numeric(78, 0) NOT NULL CHECK (taker_fee >= 0),
  created_at timestamptz NOT NULL,
  CONSTRAINT order_fills_maker_on_rora CHECK ((book = 'venue') = (maker_order_id IS NULL)),
  CONSTRAINT order_fills_seq_on_rora CHECK ((book = 'venue') = (seq IS NULL)),
  CONSTRAINT order_fills_pair_seq UNIQUE (pair, seq)
);
CREATE INDEX order_fills_public_idx ON order_fills (pair, seq DESC) WHERE book = 'lit';
CREATE INDEX order_fills_maker_idx ON order_fills (maker_order_id) WHERE maker_order_id IS NOT NULL;
CREATE INDEX order_fills_taker_idx ON order_fills (taker_order_id);

-- OHLC buckets of the price chart. Seeded with a synthetic year (the sandbox venues' price
-- curve, market_synthetic_price) and updated by every public trade; trade_* count real trades only.
CREATE TABLE market_candles (
  pair text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('5m', '1h', '1d')),
  bucket timestamptz NOT NULL,
  open numeric(78, 0) NOT NULL,
  high numeric(78, 0) NOT NULL,
  low numeric(78, 0) NOT NULL,
  close numeric(78, 0) NOT NULL,
  volume numeric(78, 0) NOT NULL DEFAULT 0,
  trade_volume numeric(78, 0) NOT NULL DEFAULT 0,
  trade_quote_volume numeric(78, 0) NOT NULL DEFAULT 0,
  trade_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (pair, interval, bucket),
  CONSTRAINT market_candles_range CHECK (low <= open AND low <= close AND high >= open AND high >= close)
);

CREATE TABLE price_alerts (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  pair text NOT NULL,
  condition text NOT NULL CHECK (condition IN ('above', 'below')),
  price numeric(78, 0) NOT NULL CHECK (price > 0),
  -- The last price when the alert was set: it fires when the last price first crosses `price`.
  reference_price numeric(78, 0) NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'triggered')),
  created_at timestamptz NOT NULL,
  triggered_at timestamptz,
  triggered_price numeric(78, 0),
  CONSTRAINT price_alerts_triggered CHECK ((status = 'triggered') = (triggered_at IS NOT NULL))
);
CREATE INDEX price_alerts_active_idx ON price_alerts (pair, condition, price) WHERE status = 'active';
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, created_at DESC);

CREATE TABLE venue_favourites (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  venue text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, venue)
);
