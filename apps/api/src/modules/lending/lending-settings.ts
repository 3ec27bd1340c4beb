// The lending levels from configuration (ADR 0028), checked once at start: the levels must rise
// from posting to margin call to liquidation, or a loan could be liquidated before it is warned.
import type { LoanLevels } from '@rora/contracts';
import type { Config } from '../../config.ts';
import { DAY_MS } from './loan-math.ts';

export interface LendingSettings extends LoanLevels {
  priceMaxAgeMs: number;
}

export function lendingSettings(config: Config): LendingSettings {
  const settings: LendingSettings = {
    initialLtvBps: config.LENDING_INITIAL_LTV_BPS,
    marginCallLtvBps: config.LENDING_MARGIN_CALL_LTV_BPS,
    liquidationLtvBps: config.LENDING_LIQUIDATION_LTV_BPS,
    liquidationPenaltyBps: config.LENDING_LIQUIDATION_PENALTY_BPS,
    feeBps: config.LENDING_FEE_BPS,
    minInterestDays: config.LENDING_MIN_INTEREST_DAYS,
    graceHours: config.LENDING_GRACE_HOURS,
    priceMaxAgeMs: config.LENDING_PRICE_MAX_AGE_MS,
  };
  if (!(settings.initialLtvBps < settings.marginCallLtvBps && settings.marginCallLtvBps < settings.liquidationLtvBps)) {
    throw new Error(
      'LENDING_INITIAL_LTV_BPS < LENDING_MARGIN_CALL_LTV_BPS < LENDING_LIQUIDATION_LTV_BPS must hold ' +
        `(got ${settings.initialLtvBps}, ${settings.marginCallLtvBps}, ${settings.liquidationLtvBps})`,
    );
  }
  return settings;
}

/** The minimum interest period of a loan: the configured days, at most its term. */
export function minInterestMs(settings: LendingSettings, termDays: number): number {
  return Math.min(settings.minInterestDays, termDays) * DAY_MS;
}
