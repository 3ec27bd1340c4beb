-- A deterministic number in [0, 1) from a double, for the seeded candles' wicks and volumes.
CREATE OR REPLACE FUNCTION market_noise(p_x double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT abs(sin(p_x * 12.9898) * 43758.5453) - floor(abs(sin(p_x * 12.9898) * 43758.5453))
$$;
