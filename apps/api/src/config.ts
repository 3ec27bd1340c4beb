// Configuration comes only from environment variables, validated once at start. A bad value stops
// the process with one clear line per problem. README.md documents every variable.
import path from 'node:path';
import { z } from 'zod';
import { NETWORK_IDS, UTXO_NETWORK_KINDS, type NetworkId } from '@rora/chains';
import { MARKET_DEFINITIONS } from '@rora/contracts';
import { QUERY_DEADLINE_MS, isLoopbackHost } from '@rora/db';
import { isProxyEntry, PROXY_RANGE_NAMES } from './lib/proxy-entry.ts';
import { productionProblems, type Problem } from './production-config.ts';
import { smtpUrlOptionProblem } from './smtp-url-options.ts';

const boolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((value) => value === 'true' || value === '1');
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const url = (protocol: RegExp, error: string) => z.url({ protocol, error });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
/** Values never echoed in an error line: they may hold passwords. */
const isSecret = (name: string) =>
  ['DATABASE_URL', 'SMTP_URL', 'RATE_LIMIT_REDIS_URL', 'NATS_URL'].includes(name) ||
  /SECRET|PASSWORD|TOKEN|KEY|RPC_URL/.test(name);
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** `network:value,...` as pairs, each network one of NETWORK_IDS and each value matching `value`. */
function networkPairs(what: string, value = /^\S{1,200}$/) {
  const error = `must be network:value pairs separated by commas, each network one of ${NETWORK_IDS.join(', ')} and each value ${what}`;
  return z
    .string()
    .refine(
      (text) =>
        text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
          .every((item) => {
            const [network, ...rest] = item.split(':');
            return (NETWORK_IDS as readonly string[]).includes(network ?? '') && value.test(rest.join(':'));
          }),
      { error },
    )
    .transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => {
          const [network, ...rest] = item.split(':');
          return { network: network as NetworkId, value: rest.join(':') };
        }),
    );
}

/** Bitcoin and Litecoin: the in-process devnet, or a node's JSON-RPC (ADR 0032). */
function utxoChainSettings<const X extends 'BTC' | 'LTC'>(chain: X) {
  return {
    [`CHAINS_${chain}`]: oneOf(['devnet', 'rpc']).default('devnet'),
    /** http(s)://user:password@host:port of the node (never echoed: it holds the password). */
    [`CHAINS_${chain}_RPC_URL`]: url(/^https?$/, 'must be an http:// or https:// URL').optional(),
    [`CHAINS_${chain}_NETWORK`]: oneOf(UTXO_NETWORK_KINDS).default('mainnet'),
    /** WIF private key of the hot wallet (P2WPKH) in the API process; production refuses it (ADR 0032). */
    [`CHAINS_${chain}_HOT_KEY`]: z.string().min(1).max(200).optional(),
    /** The hot wallet address whose key the signer process holds (with SIGNER_URL, ADR 0041). */
    [`CHAINS_${chain}_HOT_ADDRESS`]: z.string().min(1).max(200).optional(),
    /** First block height whose deposits count; unset: the node's tip when the scanner first runs. */
    [`CHAINS_${chain}_START_HEIGHT`]: wholeNumber(0, 100_000_000).optional(),
    /** Minor units per vbyte when the node has no fee estimate (a fresh node or regtest). */
    [`CHAINS_${chain}_FALLBACK_FEE_RATE`]: wholeNumber(1, 100_000).default(10),
  } as UtxoChainSettings<X>;
}

type UtxoChainSettings<X extends string> = {
  [K in `CHAINS_${X}`]: z.ZodDefault<z.ZodEnum<{ devnet: 'devnet'; rpc: 'rpc' }>>;
} & { [K in `CHAINS_${X}_RPC_URL`]: z.ZodOptional<z.ZodURL> } & {
  [K in `CHAINS_${X}_NETWORK`]: z.ZodDefault<z.ZodEnum<{ mainnet: 'mainnet'; testnet: 'testnet'; regtest: 'regtest' }>>;
} & { [K in `CHAINS_${X}_HOT_KEY` | `CHAINS_${X}_HOT_ADDRESS`]: z.ZodOptional<z.ZodString> } & {
  [K in `CHAINS_${X}_START_HEIGHT` | `CHAINS_${X}_FALLBACK_FEE_RATE`]: z.ZodType<number>;
};

/** XRP and Solana (ADR 0040): the same switch, the node's URL, the hot key, the first height scanned. */
function accountChainSettings<const X extends 'XRP' | 'SOL'>(chain: X) {
  return {
    [`CHAINS_${chain}`]: oneOf(['devnet', 'rpc']).default('devnet'),
    /** http(s):// URL of the node's JSON-RPC (may hold a provider's key: never echoed). */
    [`CHAINS_${chain}_RPC_URL`]: url(/^https?$/, 'must be an http:// or https:// URL').optional(),
    /** The hot wallet's private key (XRP family seed, Solana 64-byte secret); refused in production. */
    [`CHAINS_${chain}_HOT_KEY`]: z.string().min(1).max(400).optional(),
    /** The hot wallet address whose key the signer process holds (with SIGNER_URL, ADR 0050). */
    [`CHAINS_${chain}_HOT_ADDRESS`]: z.string().min(1).max(100).optional(),
    /** First ledger (XRP) or slot (Solana) whose deposits count; unset: the tip at the first scan. */
    [`CHAINS_${chain}_START_HEIGHT`]: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
  } as AccountChainSettings<X>;
}

type AccountChainSettings<X extends string> = {
  [K in `CHAINS_${X}`]: z.ZodDefault<z.ZodEnum<{ devnet: 'devnet'; rpc: 'rpc' }>>;
} & { [K in `CHAINS_${X}_RPC_URL`]: z.ZodOptional<z.ZodURL> } & {
  [K in `CHAINS_${X}_HOT_KEY` | `CHAINS_${X}_HOT_ADDRESS`]: z.ZodOptional<z.ZodString>;
} & { [K in `CHAINS_${X}_START_HEIGHT`]: z.ZodType<number | undefined> };

/** Ethereum and BNB Smart Chain: the in-process devnet, or a node's JSON-RPC (ADR 0039). */
function evmChainSettings<const X extends 'ETH' | 'BSC'>(chain: X) {
  return {
    [`CHAINS_${chain}`]: oneOf(['devnet', 'rpc']).default('devnet'),
    /** http(s) URL of the node or provider (never echoed: a provider's key may be in it). */
    [`CHAINS_${chain}_RPC_URL`]: url(/^https?$/, 'must be an http:// or https:// URL').optional(),
    /** EIP-155 chain id the node must report: 1 Ethereum, 56 BNB Smart Chain, others for test chains. */
    [`CHAINS_${chain}_CHAIN_ID`]: wholeNumber(1, 4_294_967_295).optional(),
    /** Hex private key of the hot wallet in the API process; production refuses it (ADR 0039, 0041). */
    [`CHAINS_${chain}_HOT_KEY`]: z.string().min(1).max(200).optional(),
    /** The hot wallet address whose key the signer process holds (with SIGNER_URL, ADR 0041). */
    [`CHAINS_${chain}_HOT_ADDRESS`]: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
      .optional(),
    /** First block height whose deposits count; unset: the node's tip when the scanner first runs. */
    [`CHAINS_${chain}_START_HEIGHT`]: wholeNumber(0, 1_000_000_000).optional(),
    /** `eip1559` (fee cap and tip, where blocks carry a base fee) or `legacy` (gas price). */
    [`CHAINS_${chain}_FEES`]: oneOf(['eip1559', 'legacy']).default('eip1559'),
    /** Floor of the EIP-1559 tip, wei per gas. */
    [`CHAINS_${chain}_MIN_TIP_WEI`]: wholeNumber(0, 1_000_000_000_000).default(1_000_000_000),
  } as EvmChainSettings<X>;
}

type EvmChainSettings<X extends string> = {
  [K in `CHAINS_${X}`]: z.ZodDefault<z.ZodEnum<{ devnet: 'devnet'; rpc: 'rpc' }>>;
} & { [K in `CHAINS_${X}_RPC_URL`]: z.ZodOptional<z.ZodURL> } & {
  [K in `CHAINS_${X}_HOT_KEY` | `CHAINS_${X}_HOT_ADDRESS`]: z.ZodOptional<z.ZodString>;
} & { [K in `CHAINS_${X}_CHAIN_ID` | `CHAINS_${X}_START_HEIGHT`]: z.ZodOptional<z.ZodType<number>> } & {
  [K in `CHAINS_${X}_FEES`]: z.ZodDefault<z.ZodEnum<{ eip1559: 'eip1559'; legacy: 'legacy' }>>;
} & { [K in `CHAINS_${X}_MIN_TIP_WEI`]: z.ZodType<number> };

const contract = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

export const configSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  /** Loopback by default: the sandbox (faucet, outbox with codes) is reachable from this machine only. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * How other API replicas reach this process (http://host:port), for the orders they forward when
   * it writes the books. Unset: HOST and the listening port (127.0.0.1 when HOST is a wildcard).
   */
  INTERNAL_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATABASE_URL: url(/^postgres(ql)?$/, 'must be a postgres:// or postgresql:// URL').optional(),
  /**
   * A statement's longest wait for PostgreSQL's answer before it fails (503) and its connection is
   * closed (ADR 0071). Migrations and the reserves snapshot have none.
   */
  QUERY_DEADLINE_MS: wholeNumber(1_000, 60_000).default(QUERY_DEADLINE_MS),
  RORA_DATA_DIR: z.string().min(1).default('./.data'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses whose X-Forwarded-For is trusted; empty = trust none. */
  TRUST_PROXY: list
    .superRefine((entries, context) => {
      const bad = entries.find((entry) => !isProxyEntry(entry));
      if (bad === undefined) return;
      const allowed = `an IP address, a CIDR range (not /0) or ${PROXY_RANGE_NAMES.join(', ')}`;
      context.addIssue({ code: 'custom', message: `${JSON.stringify(bad)} is not ${allowed}` });
    })
    .default([]),
  /** The ERC-20 address that receives USDT for Rora shares (SPEC §9); unset: the devnet's hot wallet. */
  SHARE_PAYMENT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be an Ethereum address (0x and 40 hex digits)' })
    .optional(),
  /** Redis shared by every API replica for rate-limit counters; unset: counters in this process's memory. */
  RATE_LIMIT_REDIS_URL: url(/^rediss?$/, 'must be a redis:// or rediss:// URL').optional(),
  /** Two-letter country codes refused service (ISO 3166-1 alpha-2). */
  BLOCKED_COUNTRIES: list
    .refine(
      (codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)),
      'must be two-letter country codes separated by commas',
    )
    .default(['KP', 'IR', 'SY', 'CU']),
  /** Country assumed for loopback and private addresses, which GeoIP cannot place (tests, LAN). */
  GEOIP_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  US_SITE_URL: url(/^https?$/, 'must be an http(s):// URL').default('https://us.rora.exchange'),
  INTERNATIONAL_SITE_URL: url(/^https?$/, 'must be an http(s):// URL').default('https://rora.exchange'),
  /** Sessions last this long without use. */
  SESSION_TTL_HOURS: wholeNumber(1, 24 * 90).default(24 * 7),
  /** SMTP URL (smtp://user:pass@host:587); unset = messages go to the dev outbox table only. */
  SMTP_URL: url(/^smtps?$/, 'must be an smtp:// or smtps:// URL')
    .superRefine((value, context) => {
      // Options that would break mail or stop the process at the first mail (smtp-url-options.ts).
      const message = smtpUrlOptionProblem(value);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .optional(),
  SMTP_FROM: z.string().default('Rora <no-reply@rora.exchange>'),
  /** Serve the built web app from this folder. */
  WEB_DIST_DIR: z.string().default(path.resolve('apps/web/dist')),
  /**
   * Enables /api/v1/dev/* (outbox, faucet). Unset: on when HOST is a loopback address, off otherwise;
   * `true` with another HOST is an explicit choice. Never on in production.
   */
  DEV_ROUTES: boolean.optional(),
  /** Run the background jobs inside the API process; false when workers run as their own processes. */
  RUN_WORKER: boolean.default(true),
  /**
   * Live events between processes: `postgres` (LISTEN/NOTIFY, for a standalone worker or several API
   * processes), `nats` (NATS_URL) or `process` (in memory). Unset: `postgres` when RUN_WORKER is
   * false, else `process`.
   */
  EVENT_BUS: z.enum(['process', 'postgres', 'nats'], { error: 'must be process, postgres or nats' }).optional(),
  /** NATS server(s) for EVENT_BUS=nats, comma-separated; default nats://127.0.0.1:4222 outside production. */
  NATS_URL: list
    .refine(
      // No backslash: the NATS client and the WHATWG parser disagree on the host before one (ADR 0076).
      (urls) => urls.every((url) => /^(nats|tls):\/\/[^\s/\\]+$/.test(url)),
      'must be nats:// or tls:// URLs (host:port, no backslash) separated by commas',
    )
    .optional(),
  /** WebSocket keepalive: ping every socket this often; a socket silent for two intervals is dropped. */
  WS_PING_INTERVAL_MS: wholeNumber(50, 600_000).default(30_000),
  /** Connections one process keeps open at once, WebSockets included; more are refused as they arrive. */
  MAX_CONNECTIONS: wholeNumber(10, 1_000_000).default(10_000),
  /**
   * Connections one client address keeps open at once; more are refused as they arrive. Loopback
   * and TRUST_PROXY addresses are not counted (a proxy carries everyone's connections).
   */
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 1_000_000).default(256),
  /** KYC documents: `local` disk (KYC_STORAGE_DIR) or an `s3`-compatible bucket (KYC_S3_*). */
  KYC_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Folder for KYC documents with local storage; default <RORA_DATA_DIR>/uploads. Never under a web root. */
  KYC_STORAGE_DIR: z.string().min(1).optional(),
  KYC_S3_ENDPOINT: z.url().optional(),
  KYC_S3_BUCKET: z.string().min(3).optional(),
  KYC_S3_REGION: z.string().min(1).default('us-east-1'),
  KYC_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  KYC_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address objects as endpoint/bucket/key (true) or bucket.endpoint/key (false). */
  KYC_S3_PATH_STYLE: boolean.default(true),
  /** The identity verification provider adapter; `sandbox` decides offline by documented test rules. */
  IDENTITY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** HMAC-SHA256 secret of the provider's webhook (at least 32 characters); required in production. */
  IDENTITY_WEBHOOK_SECRET: z.string().min(32).optional(),
  /** The sandbox provider decides this long after a submission. */
  IDENTITY_SANDBOX_DECISION_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(3000),
  /** How often the sandbox provider looks for due decisions; 0 = never by itself (tests drive it). */
  IDENTITY_SANDBOX_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A placed swap settles this long after it is placed (spec §9: 30 minutes or less). */
  SWAP_SETTLEMENT_DELAY_MS: wholeNumber(0, 1_800_000).default(20_000),
  /** A swap quote (GET /convert) is firm for this long. */
  SWAP_QUOTE_TTL_MS: wholeNumber(5_000, 600_000).default(30_000),
  /** The swap spread, in basis points of the reference rate. */
  SWAP_SPREAD_BPS: wholeNumber(0, 1_000).default(50),
  /** The swap fee, in basis points of the source amount (rounded up). */
  SWAP_FEE_BPS: wholeNumber(0, 1_000).default(25),
  /**
   * The text message (SMS) adapter: phone codes, password recovery by mobile. `sandbox` writes them to
   * the outbox only (read at /dev/outbox); no real adapter exists yet, so production refuses it.
   */
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The on-ramp (card purchase) provider adapter; `sandbox` is a widget Rora serves with test cards. */
  ONRAMP_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** HMAC-SHA256 secret of the on-ramp provider's webhook (at least 32 characters); required in production. */
  ONRAMP_WEBHOOK_SECRET: z.string().min(32).optional(),
  /**
   * HMAC-SHA256 key of the fee quotes (POST /wallet/estimatefee's `quote`, ADR 0080), the same in every
   * API replica so any of them checks a quote another gave (at least 32 characters); required in
   * production. Unset in the sandbox: random per data folder (webhook-secrets.ts).
   */
  FEE_QUOTE_SECRET: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  /** The chain adapter: `devnet` simulates every chain in this process (no adapter for the real networks yet). */
  CHAIN_ADAPTER: z.enum(['devnet'], { error: 'must be devnet' }).default('devnet'),
  /** Seed of the in-process devnet (blocks, fees, simulated failures are deterministic for a seed). */
  DEVNET_SEED: z.string().min(1).max(100).default('rora-devnet'),
  /** Every devnet chain mines a block this often; unset: each chain's own pace (BTC 10 s ... SOL 0.4 s). */
  DEVNET_BLOCK_INTERVAL_MS: wholeNumber(50, 600_000).optional(),
  /** Deposit keys (public only; see packages/chains README). Unset: the devnet's public test keys. */
  CHAINS_BTC_XPUB: z.string().min(1).max(200).optional(),
  CHAINS_LTC_XPUB: z.string().min(1).max(200).optional(),
  CHAINS_ETH_XPUB: z.string().min(1).max(200).optional(),
  CHAINS_BSC_XPUB: z.string().min(1).max(200).optional(),
  CHAINS_XRP_OMNIBUS_ADDRESS: z.string().min(1).max(100).optional(),
  CHAINS_XRP_FIRST_TAG: wholeNumber(0, 4_294_967_295).optional(),
  CHAINS_SOL_ADDRESSES: z.string().min(1).optional(),
  ...utxoChainSettings('BTC'),
  ...utxoChainSettings('LTC'),
  ...accountChainSettings('XRP'),
  ...accountChainSettings('SOL'),
  ...evmChainSettings('ETH'),
  ...evmChainSettings('BSC'),
  /** ERC-20 contracts on the configured Ethereum chain id; unset: mainnet's (chain id 1 only). */
  CHAINS_USDT_ERC20_CONTRACT: contract.optional(),
  CHAINS_ADX_ERC20_CONTRACT: contract.optional(),
  CHAINS_BUSD_ERC20_CONTRACT: contract.optional(),
  /** How often the deposit scanner reads the chains configured `rpc`. */
  CHAINS_POLL_MS: wholeNumber(100, 600_000).default(5_000),
  /**
   * Cold-storage addresses, watch-only (their keys are not on the server): `network:address,...`, e.g.
   * `btc:bc1q...,eth:0x...`. The hot wallet's excess over its ceiling goes to the first of a network.
   */
  TREASURY_COLD_ADDRESSES: networkPairs('an address').default([]),
  /** `off`: deposit addresses are not swept into the hot wallet (tests of exact balances; an operator's pause). */
  TREASURY_SWEEPS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** The most each hot wallet keeps, in coins: `network:amount,...`, e.g. `btc:2,eth:50`. Unset: no ceiling. */
  TREASURY_HOT_CEILINGS: networkPairs('an amount in coins', /^\d+(\.\d+)?$/).default([]),
  /** The watch-only wallet, in each node, that tracks the hot wallet's coins. */
  CHAINS_WATCH_WALLET: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be a wallet name (letters, digits, . _ -)')
    .default('rora-hot'),
  /**
   * The signer process that holds the hot-wallet keys (apps/signer, ADR 0041): http:// on a loopback
   * address, and the secret it shares with the API (at least 32 characters).
   */
  SIGNER_URL: z
    .url({ protocol: /^http$/, error: 'must be an http:// URL' })
    .refine((value) => isLoopbackHost(new URL(value).hostname), 'must be on a loopback address (127.0.0.1, ::1)')
    .optional(),
  SIGNER_SECRET: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  /**
   * Markets: `on` runs the sandbox market maker and flow on Rora's book (started by the server, never
   * in unit tests). They fund themselves from outside the books, so production refuses `on`; unset:
   * on except in production.
   */
  MARKET_MAKER: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** How often the market maker checks its ladders. */
  MARKET_MAKER_INTERVAL_MS: wholeNumber(200, 600_000).default(2_000),
  /** P2P lending levels, basis points of loan-to-value (ADR 0028): posting, margin call, liquidation. */
  LENDING_INITIAL_LTV_BPS: wholeNumber(1_000, 9_000).default(6_500),
  LENDING_MARGIN_CALL_LTV_BPS: wholeNumber(1_000, 9_500).default(7_500),
  LENDING_LIQUIDATION_LTV_BPS: wholeNumber(1_000, 9_900).default(8_500),
  /** Paid to the lender on a liquidation, basis points of the debt. */
  LENDING_LIQUIDATION_PENALTY_BPS: wholeNumber(0, 2_000).default(500),
  /** The platform's share of a loan's interest, basis points. */
  LENDING_FEE_BPS: wholeNumber(0, 5_000).default(1_000),
  LENDING_MIN_INTEREST_DAYS: wholeNumber(0, 30).default(7),
  LENDING_GRACE_HOURS: wholeNumber(0, 720).default(72),
  /** A reference price older than this never triggers a liquidation. */
  LENDING_PRICE_MAX_AGE_MS: wholeNumber(1_000, 86_400_000).default(300_000),
  /** External trading platforms: `simulated` offline (default) or `ccxt` live (install ccxt first). */
  VENUES: z.enum(['simulated', 'ccxt'], { error: 'must be simulated or ccxt' }).default('simulated'),
  /** A locked stake unstaked before maturity: forfeit its accrued rewards (default) or refuse. */
  STAKING_EARLY_UNSTAKE: z.enum(['forfeit', 'refuse'], { error: 'must be forfeit or refuse' }).default('forfeit'),
  /** Simulated platforms: basis points of orders that never reach them, and of those whose answer is lost. */
  VENUE_SANDBOX_UNREACHABLE_BPS: wholeNumber(0, 10_000).default(0),
  VENUE_SANDBOX_LOST_ANSWER_BPS: wholeNumber(0, 10_000).default(0),
  /** Most commands one order batch (one transaction per market) takes. */
  ORDER_BATCH_MAX: wholeNumber(1, 2_000).default(200),
  /** Market shards (ADR 0046): sequencers, each with its own writer lock and commit chain. Same on every process. */
  ORDER_SHARDS: wholeNumber(1, 64).default(1),
  /** `SYMBOL:shard,...`: markets placed by hand (the others by their symbol's hash). Same on every process. */
  MARKET_SHARDS: z
    .string()
    .regex(/^\s*[A-Z0-9]{2,12}[-/][A-Z0-9]{2,12}:\d{1,2}\s*(,\s*[A-Z0-9]{2,12}[-/][A-Z0-9]{2,12}:\d{1,2}\s*)*$/, {
      error: 'must be SYMBOL:shard pairs separated by commas, e.g. BTC-USDT:0,ETH-USDT:1',
    })
    .optional(),
  /** The shards this process may write: all (default), none, or shard numbers separated by commas. */
  SEQUENCER_SHARDS: z
    .string()
    .regex(/^(all|none|\s*\d{1,2}\s*(,\s*\d{1,2}\s*)*)$/, {
      error: 'must be all, none, or shard numbers separated by commas, e.g. 0,1',
    })
    .default('all'),
});

export type Config = z.infer<typeof configSchema> & {
  devRoutes: boolean;
  /** The sandbox market maker and flow run (MARKET_MAKER, never in production). */
  marketMaker: boolean;
  /** Sandbox data is seeded: a synthetic year of prices and the house's swap inventory (not in production). */
  sandboxSeed: boolean;
  /** How live events travel: EVENT_BUS, or its default. */
  eventBus: 'process' | 'postgres' | 'nats';
  /** ORDER_SHARDS, MARKET_SHARDS and SEQUENCER_SHARDS, read (orders/order-shards.ts). */
  orderShards: OrderShardSettings;
};

export interface OrderShardSettings {
  count: number;
  overrides: Record<string, number>;
  writes: 'all' | 'none' | number[];
}

const pairsOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => item.split(':') as [string, string]);

/** The shard settings, read from values the schema accepted. */
function orderShardSettings(values: Record<string, string | undefined>): OrderShardSettings {
  const count = Number(values.ORDER_SHARDS ?? 1);
  const overrides = Object.fromEntries(
    pairsOf(values.MARKET_SHARDS ?? '').map(([symbol, shard]) => [symbol.replace('-', '/'), Number(shard)]),
  );
  const given = (values.SEQUENCER_SHARDS ?? 'all').trim();
  const writes = given === 'all' || given === 'none' ? given : given.split(',').map((item) => Number(item.trim()));
  return { count, overrides, writes };
}

/**
 * Shards the configuration names must exist, markets placed by hand must be listed, and a process
 * that does not write every shard needs a bus between processes: the others are written elsewhere.
 */
function shardProblems(values: Record<string, string | undefined>, bus: Config['eventBus']): Problem[] {
  const { count, overrides, writes } = orderShardSettings(values);
  const problems: Problem[] = [];
  for (const [symbol, shard] of Object.entries(overrides)) {
    if (!(symbol in MARKET_DEFINITIONS)) {
      problems.push({ name: 'MARKET_SHARDS', message: `${symbol} is not a listed market` });
    } else if (shard >= count) {
      problems.push({
        name: 'MARKET_SHARDS',
        message: `${symbol} is placed on shard ${shard}, but ORDER_SHARDS is ${count}`,
      });
    }
  }
  if (Array.isArray(writes) && writes.some((shard) => shard >= count)) {
    const message = `names a shard from 0 to ${count - 1} only (ORDER_SHARDS is ${count})`;
    problems.push({ name: 'SEQUENCER_SHARDS', message });
  }
  const writesAll = writes === 'all' || (Array.isArray(writes) && new Set(writes).size === count);
  if (!writesAll && bus === 'process') {
    const message = 'other processes write the shards this one does not: set EVENT_BUS to postgres or nats';
    problems.push({ name: 'SEQUENCER_SHARDS', message });
  }
  return problems;
}

export class ConfigError extends Error {}

function line({ name, message }: Problem, values: Record<string, string | undefined>): string {
  const value = values[name];
  const shown = value === undefined || isSecret(name) ? '' : ` (got ${JSON.stringify(value.slice(0, 60))})`;
  return `  ${name}: ${message}${shown}`;
}

/**
 * A chain read through a node needs the node, the deposit key and who signs: the hot key in this
 * process, or the signer process (SIGNER_URL, its secret, and the hot wallet address it holds).
 */
function nodeChainProblems(values: Record<string, string | undefined>): Problem[] {
  const problems: Problem[] = [];
  const signer = values.SIGNER_URL !== undefined;
  if (signer && values.SIGNER_SECRET === undefined) {
    problems.push({ name: 'SIGNER_SECRET', message: 'required with SIGNER_URL: the signer refuses calls without it' });
  }
  // Ethereum and BNB Smart Chain also need the chain id their node must report; XRP and Solana name
  // where deposits arrive (the shared tagged address, the address pool) instead of an xpub.
  const deposit = {
    BTC: ['XPUB'],
    LTC: ['XPUB'],
    ETH: ['XPUB', 'CHAIN_ID'],
    BSC: ['XPUB', 'CHAIN_ID'],
    XRP: ['OMNIBUS_ADDRESS'],
    SOL: ['ADDRESSES'],
  };
  for (const [chain, settings] of Object.entries(deposit)) {
    if (values[`CHAINS_${chain}`] !== 'rpc') continue;
    const needs = ['RPC_URL', ...settings, signer ? 'HOT_ADDRESS' : 'HOT_KEY'];
    for (const name of needs.map((suffix) => `CHAINS_${chain}_${suffix}`)) {
      if (values[name] === undefined) {
        const why = name.endsWith('HOT_KEY') ? ' (or SIGNER_URL and the signer process)' : '';
        problems.push({ name, message: `required with CHAINS_${chain}=rpc${why}` });
      }
    }
    if (signer && values[`CHAINS_${chain}_HOT_KEY`] !== undefined) {
      const message = 'the signer process holds the key (SIGNER_URL): no hot key in the API as well';
      problems.push({ name: `CHAINS_${chain}_HOT_KEY`, message });
    }
  }
  return problems;
}

/** EVENT_BUS, or its default: in memory with the worker in this process, else PostgreSQL. */
const eventBusOf = (config: z.infer<typeof configSchema>): Config['eventBus'] =>
  config.EVENT_BUS ?? (config.RUN_WORKER ? 'process' : 'postgres');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(values);
  const invalid = parsed.success
    ? [...nodeChainProblems(values), ...shardProblems(values, eventBusOf(parsed.data))]
    : parsed.error.issues.map((issue) => ({ name: issue.path.join('.'), message: issue.message }));
  const production = values.NODE_ENV === 'production';
  // Production's refusals name only the variables that are not already reported as invalid.
  const refused = production
    ? productionProblems(values).filter(({ name }) => !invalid.some((i) => i.name === name))
    : [];
  if (!parsed.success || invalid.length > 0 || refused.length > 0) {
    const lines = [...invalid.map((problem) => line(problem, values)), ...refused.map((problem) => line(problem, {}))];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const devRoutes = config.DEV_ROUTES ?? (!production && isLoopbackHost(config.HOST));
  const marketMaker = (config.MARKET_MAKER ?? (production ? 'off' : 'on')) === 'on';
  const eventBus = eventBusOf(config);
  const orderShards = orderShardSettings(values);
  return { ...config, devRoutes, marketMaker, sandboxSeed: !production, eventBus, orderShards };
}

/** For a process's entry point: the configuration, or each problem on stderr and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
