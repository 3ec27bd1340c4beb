// What production refuses a configuration with, for the tests of each kind of refusal.
import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { PRODUCTION_ENV, PRODUCTION_WITHOUT_REAL_ADAPTER } from './production-env.ts';

/** The lines loadConfig refuses `env` with. */
export function refusals(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split('\n').slice(1);
  }
  throw new Error('the configuration was accepted');
}

/**
 * The lines production refuses PRODUCTION_ENV with `env` over it, less the refusals every production
 * start has today (no real adapters yet).
 */
export const productionRefusals = (env: Record<string, string>): string[] =>
  refusals({ ...PRODUCTION_ENV, ...env })
    .map((line) => line.trim())
    .filter((line) => !PRODUCTION_WITHOUT_REAL_ADAPTER.some((name) => line.startsWith(`${name}:`)));
