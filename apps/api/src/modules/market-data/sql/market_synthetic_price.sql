-- The sandbox venues' price curve: a sum of slow and fast waves around an anchor price, the same
-- formula as apps/api/src/modules/venues/price-curve.ts (a test checks they agree). Deterministic:
-- the seeded history and the live simulated feeds meet at "now". `p_t` is seconds since 1970. One
-- expression, so PostgreSQL inlines it into the seeding query.
CREATE OR REPLACE FUNCTION market_synthetic_price(p_anchor double precision, p_volatility double precision,
                                       p_phase double precision, p_t double precision)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_anchor * exp(p_volatility * (
      0.50 * sin(2 * pi() * p_t / 8380800.0 + p_phase)
    + 0.28 * sin(2 * pi() * p_t / 3542400.0 + 1.7 * p_phase)
    + 0.16 * sin(2 * pi() * p_t / 1123200.0 + 2.3 * p_phase)
    + 0.08 * sin(2 * pi() * p_t / 371520.0 + 3.1 * p_phase)
    + 0.04 * sin(2 * pi() * p_t / 95040.0 + 4.7 * p_phase)
    + 0.018 * sin(2 * pi() * p_t / 19080.0 + 5.9 * p_phase)
    + 0.008 * sin(2 * pi() * p_t / 4260.0 + 7.3 * p_phase)
    + 0.004 * sin(2 * pi() * p_t / 1020.0 + 8.9 * p_phase)))
$$;
