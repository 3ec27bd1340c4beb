// Configuration comes only from environment variables, validated once at start. A bad value stops
// the process with one clear line per problem. README.md documents every variable.
import path from 'node:path';
import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  RORA_DATA_DIR: z.string().min(1).default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses whose X-Forwarded-For is trusted; empty = trust none. */
  TRUST_PROXY: list.default([]),
  /** Two-letter country codes refused service (ISO 3166-1 alpha-2). */
  BLOCKED_COUNTRIES: list.default(['KP', 'IR', 'SY', 'CU']),
  /** Country assumed for loopback and private addresses, which GeoIP cannot place (tests, LAN). */
  GEOIP_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  US_SITE_URL: z.url().default('https://us.rora.exchange'),
  INTERNATIONAL_SITE_URL: z.url().default('https://rora.exchange'),
  /** Sessions last this long without use. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  /** SMTP URL (smtp://user:pass@host:587); unset = messages go to the dev outbox table only. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().default('Rora <no-reply@rora.exchange>'),
  /** Serve the built web app from this folder. */
  WEB_DIST_DIR: z.string().default(path.resolve('apps/web/dist')),
  /** Enables /api/v1/dev/* (outbox, faucet). Never on in production. */
  DEV_ROUTES: boolean.optional(),
});

export type Config = z.infer<typeof configSchema> & { devRoutes: boolean };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const devRoutes = config.DEV_ROUTES ?? config.NODE_ENV !== 'production';
  if (devRoutes && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_ROUTES: must not be enabled when NODE_ENV is production');
  }
  return { ...config, devRoutes };
}
