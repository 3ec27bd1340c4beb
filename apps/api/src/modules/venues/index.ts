// The venues context: the platforms of spec §2/§9 and their adapters. VENUES=simulated (default)
// simulates the six external platforms offline; VENUES=ccxt reaches them live through ccxt.
import { DEFAULT_VENUE, VENUES } from '@rora/contracts';
import type { Clock } from '../../lib/clock.ts';
import { createCcxtVenues } from './ccxt-venue.ts';
import { createSimulatedVenue, type SimulatedFailures } from './simulated-venue.ts';
import type { VenueAdapter } from './venue-adapter.ts';
import { createVenuesService, type VenuesService } from './venues.service.ts';

export type { VenuePrice, VenuesService, RoraQuoteSource } from './venues.service.ts';
export {
  VenueUnavailableError,
  walkDepth,
  type VenueAdapter,
  type VenueDepth,
  type VenueFill,
  type VenueQuote,
} from './venue-adapter.ts';
export { curveParams, curvePrice, type CurveParams } from './price-curve.ts';
export { createSimulatedVenue, type SimulatedFailures } from './simulated-venue.ts';

/** The external platforms: every venue but Rora's own book (the default). */
export const EXTERNAL_VENUES = VENUES.filter((venue) => venue.id !== DEFAULT_VENUE.id);

export function createSimulatedVenues(clock: Clock, latencyMs = 25, failures?: SimulatedFailures): VenueAdapter[] {
  return EXTERNAL_VENUES.map((venue, position) =>
    createSimulatedVenue({ venue, index: position + 1, clock, latencyMs, failures }),
  );
}

/** VENUES=simulated (default) or ccxt (live platforms; ccxt loaded on first use). */
export function createVenuesModule(deps: {
  clock: Clock;
  mode: 'simulated' | 'ccxt';
  adapters?: readonly VenueAdapter[];
  /** How often the simulated platforms fail (basis points of orders). */
  failures?: SimulatedFailures;
}): VenuesService {
  const adapters =
    deps.adapters ??
    (deps.mode === 'ccxt'
      ? createCcxtVenues(EXTERNAL_VENUES, process.env)
      : createSimulatedVenues(deps.clock, 25, deps.failures));
  return createVenuesService({ clock: deps.clock, adapters });
}
