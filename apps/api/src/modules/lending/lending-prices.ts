// Where loans take their reference prices: US dollars per whole unit, as swaps value coins (the
// swap module's public `observedUsdPrices`: the coin's market price in USDT times USDT's, else its
// catalogue price), each with when it was really observed (the older of its legs), never the time
// it was read: a price that stopped moving must look old to the risk sweep and to lending. In the sandbox (dev routes on) a price set by hand through
// POST /dev/lending/price takes precedence, with the time it was set as its observation: that is
// how a journey drops a price, and how a test tries a stale one. Production never reads them.
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { parseAmount, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { PRICE_DECIMALS, type PriceUnits } from './loan-math.ts';

export interface ObservedPrice {
  units: PriceUnits;
  observedAt: Date;
}

export interface LendingPrices {
  price(asset: AssetSymbol): Promise<ObservedPrice | null>;
  /** Sandbox control: sets (or, with null, clears) an asset's price by hand. Refused outside the sandbox. */
  override(asset: AssetSymbol, price: { usdPrice: string; observedAt: Date } | null): Promise<void>;
}

/** US dollars per whole unit, as a decimal string, and when it was observed: the swap module's valuation. */
export interface UsdPriceReader {
  usdPrice(asset: AssetSymbol): Promise<{ usdPrice: string; observedAt: Date } | null>;
}

function toUnits(price: string | null): PriceUnits | null {
  if (price === null) return null;
  try {
    const units = parseAmount(price, PRICE_DECIMALS, { rounding: 'half-even' });
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

export function createLendingPrices(deps: {
  db: Db;
  clock: Clock;
  usd: UsdPriceReader;
  sandbox: boolean;
}): LendingPrices {
  async function overridden(asset: AssetSymbol): Promise<ObservedPrice | null> {
    const { rows } = await deps.db.execute<{ usd_price: string; observed_at: Date | string }>(
      sql`SELECT usd_price::text, observed_at FROM lending_price_overrides WHERE asset = ${asset}`,
    );
    const row = rows[0];
    const units = toUnits(row?.usd_price ?? null);
    return row && units ? { units, observedAt: new Date(row.observed_at) } : null;
  }

  return {
    async price(asset) {
      if (deps.sandbox) {
        const manual = await overridden(asset);
        if (manual) return manual;
      }
      const market = await deps.usd.usdPrice(asset);
      const units = toUnits(market?.usdPrice ?? null);
      return market && units ? { units, observedAt: market.observedAt } : null;
    },
    async override(asset, price) {
      if (!deps.sandbox) throw new Error('reference prices are set by hand only in the sandbox');
      if (price === null) {
        await deps.db.execute(sql`DELETE FROM lending_price_overrides WHERE asset = ${asset}`);
        return;
      }
      await deps.db.execute(sql`
        INSERT INTO lending_price_overrides (asset, usd_price, observed_at)
        VALUES (${asset}, ${price.usdPrice}::numeric, ${price.observedAt.toISOString()}::timestamptz)
        ON CONFLICT (asset) DO UPDATE SET usd_price = EXCLUDED.usd_price, observed_at = EXCLUDED.observed_at`);
    },
  };
}
