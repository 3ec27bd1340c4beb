// Development only (config.devRoutes): POST /dev/lending/price sets a coin's reference price in US
// dollars for the lending price source (as a feed would), then runs the risk sweep at once, so a
// journey can drop a price and see the loan liquidated. `ageSeconds` backdates the observation, to
// try a stale price; without `usdPrice` the coin goes back to the markets' price.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOAN_ASSETS, envelope, isErrorCode, lendingPriceOverrideBodySchema } from '@rora/contracts';
import { tryParseAmount, type AssetSymbol } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import type { ModuleOptions } from '../index.ts';
import { PRICE_DECIMALS } from './loan-math.ts';

const sweepSchema = envelope(
  z.object({
    examined: z.number().int(),
    marginCalls: z.number().int(),
    liquidated: z.number().int(),
    closed: z.number().int(),
    waitingForPrice: z.number().int(),
    errors: z.number().int(),
    notified: z.number().int(),
  }),
);

/** A price with at most 18 decimals, above zero; refused with the amount codes otherwise. */
function dollars(usdPrice: string): string {
  const parsed = tryParseAmount(usdPrice, PRICE_DECIMALS);
  if (!parsed.ok)
    throw new AppError(isErrorCode(parsed.code) ? parsed.code : 'request_validation_failed', { field: 'usdPrice' });
  if (parsed.value <= 0n) throw new AppError('amount_must_be_positive', { field: 'usdPrice' });
  return usdPrice;
}

function lendable(asset: string): AssetSymbol {
  if (!(LOAN_ASSETS as readonly string[]).includes(asset))
    throw new AppError('loan_asset_not_supported', { field: 'asset' });
  return asset as AssetSymbol;
}

export const lendingDevRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, services }) => {
  if (!config.devRoutes) return;
  const { prices, risk } = services.lending;
  const tags = ['dev'];

  app.post(
    '/dev/lending/price',
    {
      schema: {
        tags,
        summary: 'Development only: set a coin’s reference price for loans, then run the risk sweep',
        body: lendingPriceOverrideBodySchema,
        response: { 200: sweepSchema },
      },
    },
    async (request) => {
      const { asset, usdPrice, ageSeconds } = request.body;
      const observedAt = new Date(services.lending.now().getTime() - ageSeconds * 1000);
      await prices.override(
        lendable(asset),
        usdPrice === undefined ? null : { usdPrice: dollars(usdPrice), observedAt },
      );
      return { data: await risk.sweep() };
    },
  );
};
