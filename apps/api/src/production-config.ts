// What production refuses (ADR 0020): every setting whose default is a sandbox stand-in (test keys,
// a made-up identity check, test cards, a simulated chain or platform, mail that reaches no one), and
// the sandbox's public keys even when given explicitly, like its addresses (production-addresses.ts)
// and a shared secret anyone could know (production-secrets.ts), and a link that would carry
// passwords or customers' data in clear text off the private network (production-links.ts, ADR
// 0076). loadConfig prints every problem at once, one line per setting, so an operator fixes them
// in one go. It reads the raw variables, so the missing ones are named even when another variable
// has a bad value.
import { DEPOSIT_ENV_VARIABLES, depositConfigsFromEnv, isChainError, usesDevnetKeys, type ChainId } from '@rora/chains';
import { addressProblems } from './production-addresses.ts';
import { linkProblems } from './production-links.ts';
import { secretProblems } from './production-secrets.ts';

type Values = Readonly<Record<string, string | undefined>>;
export interface Problem {
  name: string;
  message: string;
}

const ADR = 'docs/adr/0020-production-refuses-sandbox-defaults.md';
const DEVNET_KEYS = "deposit addresses come from the devnet's public test keys, which anyone can spend from";

/** Settings production needs, with what their absence would mean. */
const REQUIRED: ReadonlyArray<readonly [name: string, unsetMeans: string]> = [
  ['DATABASE_URL', 'the embedded PostgreSQL lives in RORA_DATA_DIR on this machine and stops with the process'],
  ['SMTP_URL', 'e-mail goes only to the sandbox outbox, so customers never get their codes'],
  ['IDENTITY_WEBHOOK_SECRET', "no secret to check the identity provider's webhooks"],
  ['ONRAMP_WEBHOOK_SECRET', "no secret to check the on-ramp provider's webhooks"],
  ['FEE_QUOTE_SECRET', 'no key to sign fee quotes that every replica can check (ADR 0080)'],
  ['KYC_STORAGE', 'identity documents would go to a folder under RORA_DATA_DIR by default'],
  ['SHARE_PAYMENT_ADDRESS', "the share notice would name the devnet's hot wallet, whose key is public"],
  ...Object.values(DEPOSIT_ENV_VARIABLES)
    .map((names) => names[0])
    .map((name) => [name, DEVNET_KEYS] as const),
];

/** Settings whose default is a sandbox adapter; `real` says what to use instead, or that none exists yet. */
const SANDBOX_CHOICES: ReadonlyArray<{ name: string; sandbox: string; does: string; real: string }> = [
  {
    name: 'IDENTITY_PROVIDER',
    sandbox: 'sandbox',
    does: 'approves identities by published test rules',
    real: `Rora has no real identity provider adapter yet, so production cannot start until one is added (${ADR})`,
  },
  {
    name: 'ONRAMP_PROVIDER',
    sandbox: 'sandbox',
    does: 'credits crypto for published test cards',
    real: `Rora has no real on-ramp provider adapter yet, so production cannot start until one is added (${ADR})`,
  },
  {
    name: 'SMS_PROVIDER',
    sandbox: 'sandbox',
    does: 'writes text messages to the outbox only, so customers never get their phone codes',
    real: `Rora has no real SMS provider adapter yet, so production cannot start until one is added (${ADR})`,
  },
  {
    name: 'VENUES',
    sandbox: 'simulated',
    does: 'fills orders on platforms that do not exist',
    real: 'set VENUES=ccxt',
  },
];

const KYC_STORAGE_NEEDS: Readonly<Record<string, readonly string[]>> = {
  local: ['KYC_STORAGE_DIR'],
  s3: ['KYC_S3_ENDPOINT', 'KYC_S3_BUCKET', 'KYC_S3_ACCESS_KEY_ID', 'KYC_S3_SECRET_ACCESS_KEY'],
};

function missing(values: Values): Problem[] {
  const unset = REQUIRED.filter(([name]) => values[name] === undefined).map(([name, unsetMeans]) => ({
    name,
    message: `required in production (unset: ${unsetMeans})`,
  }));
  const storage = values.KYC_STORAGE;
  const storageNeeds = (storage !== undefined && KYC_STORAGE_NEEDS[storage]) || [];
  const unsetStorage = storageNeeds
    .filter((name) => values[name] === undefined)
    .map((name) => ({ name, message: `required in production with KYC_STORAGE=${storage}` }));
  const unsetNats =
    values.EVENT_BUS === 'nats' && values.NATS_URL === undefined
      ? [{ name: 'NATS_URL', message: 'required in production with EVENT_BUS=nats' }]
      : [];
  return [...unset, ...unsetStorage, ...unsetNats];
}

function sandboxChoices(values: Values): Problem[] {
  return SANDBOX_CHOICES.filter(({ name, sandbox }) => (values[name] ?? sandbox) === sandbox).map(
    ({ name, sandbox, does, real }) => ({ name, message: `\`${sandbox}\` ${does}: not in production; ${real}` }),
  );
}

/** The chains; `CHAINS_<X>=rpc` reads one through a node instead of simulating it in the devnet. */
const CHAINS = ['BTC', 'LTC', 'ETH', 'BSC', 'XRP', 'SOL'] as const;
/**
 * CHAIN_ADAPTER=devnet simulates every chain not read through a node: production accepts it only
 * once no chain is left simulated. Every chain has a node adapter that signs through the signer
 * process (ADR 0041, ADR 0039, ADR 0050).
 */
function simulatedChains(values: Values): Problem[] {
  const simulated = CHAINS.filter((chain) => values[`CHAINS_${chain}`] !== 'rpc');
  if (simulated.length === 0) return [];
  const advice = simulated.map((chain) => `set CHAINS_${chain}=rpc`).join('; ');
  return [
    {
      name: 'CHAIN_ADAPTER',
      message: `\`devnet\` simulates ${simulated.join(', ')} in memory: deposits never arrive, withdrawals are never sent: not in production; ${advice}`,
    },
  ];
}

function sandboxSwitches(values: Values): Problem[] {
  const problems: Problem[] = [];
  if (values.DEV_ROUTES === 'true' || values.DEV_ROUTES === '1') {
    problems.push({
      name: 'DEV_ROUTES',
      message: 'must not be enabled when NODE_ENV is production (faucet, outbox with one-time codes)',
    });
  }
  if (values.MARKET_MAKER === 'on') {
    problems.push({
      name: 'MARKET_MAKER',
      message: 'the sandbox market maker funds itself from outside the books: not in production',
    });
  }
  return problems;
}

/** Deposit keys given explicitly that are the devnet's own, or that are not valid keys at all. */
function devnetKeys(values: Values): Problem[] {
  const problems: Problem[] = [];
  for (const [chain, names] of Object.entries(DEPOSIT_ENV_VARIABLES) as [ChainId, readonly string[]][]) {
    const name = names[0]!;
    try {
      const config = depositConfigsFromEnv(Object.fromEntries(names.map((each) => [each, values[each]])))[chain];
      if (config && usesDevnetKeys(chain, config)) {
        problems.push({ name, message: `is the devnet's public test material: ${DEVNET_KEYS}` });
      }
    } catch (error) {
      if (!isChainError(error)) throw error;
      const at = error.code === 'destination_tag_is_invalid' ? 'CHAINS_XRP_FIRST_TAG' : name;
      problems.push({ name: at, message: error.message });
    }
  }
  return problems;
}

const hotKeyInApi = (chain: string): Problem => ({
  name: `CHAINS_${chain}_HOT_KEY`,
  message:
    'a private key in the API process: not in production; keys belong to the signer process (SIGNER_URL, docs/adr/0041-signer-process.md)',
});

/**
 * A node-backed chain (CHAINS_BTC/LTC/ETH/BSC/XRP/SOL=rpc) signs through the signer process in
 * production (SIGNER_URL, ADR 0041, 0050), never with a hot key in the API process; Bitcoin and
 * Litecoin only on mainnet (ADR 0032).
 */
function nodeChains(values: Values): Problem[] {
  const problems = ['XRP', 'SOL'].filter((chain) => values[`CHAINS_${chain}_HOT_KEY`] !== undefined).map(hotKeyInApi);
  for (const chain of ['BTC', 'LTC']) {
    if (values[`CHAINS_${chain}_HOT_KEY`] !== undefined) problems.push(hotKeyInApi(chain));
    const kind = values[`CHAINS_${chain}_NETWORK`];
    if (kind !== undefined && kind !== 'mainnet') {
      problems.push({ name: `CHAINS_${chain}_NETWORK`, message: `\`${kind}\` coins are worthless: not in production` });
    }
  }
  return [...problems, ...evmNodeChains(values)];
}

/**
 * The same for Ethereum and BNB Smart Chain (ADR 0039): they sign through the signer process too,
 * never with a hot key here, and only on their main chains.
 */
function evmNodeChains(values: Values): Problem[] {
  const problems: Problem[] = [];
  for (const [chain, mainnet] of [
    ['ETH', '1'],
    ['BSC', '56'],
  ] as const) {
    if (values[`CHAINS_${chain}_HOT_KEY`] !== undefined) problems.push(hotKeyInApi(chain));
    const id = values[`CHAINS_${chain}_CHAIN_ID`];
    if (id !== undefined && id !== mainnet) {
      problems.push({
        name: `CHAINS_${chain}_CHAIN_ID`,
        message: `chain ${id} is not ${chain} mainnet (${mainnet}): not in production`,
      });
    }
  }
  return problems;
}

/** Every reason the variables `values` (empty ones left out) cannot run production. */
export function productionProblems(values: Values): Problem[] {
  return [
    ...missing(values),
    ...sandboxChoices(values),
    ...simulatedChains(values),
    ...sandboxSwitches(values),
    ...devnetKeys(values),
    ...secretProblems(values),
    ...addressProblems(values),
    ...linkProblems(values),
    ...nodeChains(values),
  ];
}
