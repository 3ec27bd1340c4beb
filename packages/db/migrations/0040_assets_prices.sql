-- The asset catalogue (what Rora lists, with a name and a logo for the screens) and the USD price
-- history the portfolio values holdings with. The sandbox seeds one reference price per asset; the
-- price service of later work appends observations. Amount scales live in @rora/money, not here.

CREATE TABLE assets (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{2,12}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Path of the logo under the web app's root (apps/web/public), e.g. /assets/logos/btc.svg.
  logo text NOT NULL CHECK (logo ~ '^/[A-Za-z0-9/_.-]{1,200}$'),
  -- Order of the catalogue on screens.
  sort_order integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE asset_prices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  asset text NOT NULL REFERENCES assets(symbol),
  -- US dollars for one whole unit of the asset.
  usd_price numeric(38, 12) NOT NULL CHECK (usd_price > 0),
  -- Where the observation came from: `reference` (the seeded sandbox price), a venue's name, ...
  source text NOT NULL CHECK (source ~ '^[a-z][a-z0-9_]{0,62}$'),
  observed_at timestamptz NOT NULL
);
-- Latest price, and the price 24 hours ago, by asset.
CREATE INDEX asset_prices_asset_observed_idx ON asset_prices (asset, observed_at DESC);
