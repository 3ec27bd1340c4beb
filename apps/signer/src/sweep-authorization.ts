// What a sweep signature authorizes (ADR 0049): moving everything at one of Rora's deposit addresses
// to this signer's own hot wallet on the same network, and nothing else. The signer derives the
// deposit key itself from the account key it holds (SIGNER_<CHAIN>_DEPOSIT_XPRV) and the index in
// the request, so the API names which address, never which key; the destination must be the hot
// wallet this signer holds, so a compromised API can at worst move coins between Rora's own addresses
// and pay a fee, which is capped at 1 % of the amount. No ledger check: no customer balance moves.
import { HDKey } from '@scure/bip32';
import { WIF } from '@scure/btc-signer';
import { UtxoKeySigner, getNetwork, utxoParams, type Signer, type UnsignedTransaction } from '@rora/chains';
import { evmKeyHolders } from './evm-keys.ts';
import type { EvmSettings, KeyHolder, NetworkKind } from './keys.ts';
import { SignerRefusal } from './refusal.ts';

/** The chains whose deposit addresses this signer can sweep, and the variable of each account key. */
export const DEPOSIT_KEY_VARIABLES = {
  btc: 'SIGNER_BTC_DEPOSIT_XPRV',
  ltc: 'SIGNER_LTC_DEPOSIT_XPRV',
  eth: 'SIGNER_ETH_DEPOSIT_XPRV',
  bsc: 'SIGNER_BSC_DEPOSIT_XPRV',
} as const;
export type DepositKeyChain = keyof typeof DEPOSIT_KEY_VARIABLES;
/** Account-level private keys per chain (BIP84 m/84'/coin'/0', EVM m/44'/60'/0'). */
export type DepositKeys = Readonly<Partial<Record<DepositKeyChain, HDKey>>>;

/** A sweep's fee is at most this share of what it spends (1 %), the treasury's own rule. */
const MAX_FEE_PER_10_000 = 100n;
/** xprv and zprv version bytes: either spelling of an account private key is read. */
const PRIVATE_VERSIONS = [
  { private: 0x0488ade4, public: 0x0488b21e },
  { private: 0x04b2430c, public: 0x04b24746 },
  { private: 0x04358394, public: 0x043587cf },
  { private: 0x045f18bc, public: 0x045f1cf6 },
];

/** An account-level extended private key (xprv or zprv spelling), or null when the text is not one. */
export function parseDepositKey(text: string): HDKey | null {
  const key = PRIVATE_VERSIONS.map((versions) => {
    try {
      return HDKey.fromExtendedKey(text.trim(), versions);
    } catch {
      return null;
    }
  }).find((candidate) => candidate !== null);
  return key?.privateKey && key.depth === 3 ? key : null;
}

/**
 * Reads the deposit account keys from the environment (outside production: sealed keys, ADR 0054,
 * are the production form); each problem names its variable.
 */
export function loadDepositKeys(env: Readonly<Record<string, string | undefined>>, problems: string[]): DepositKeys {
  const keys: Partial<Record<DepositKeyChain, HDKey>> = {};
  for (const [chain, name] of Object.entries(DEPOSIT_KEY_VARIABLES) as [DepositKeyChain, string][]) {
    const text = env[name]?.trim();
    if (!text) continue;
    const key = parseDepositKey(text);
    if (!key) problems.push(`${name}: must be an account-level extended private key`);
    else if (env.NODE_ENV === 'production') {
      problems.push(
        `${name}: a key in the environment is refused in production; seal it with npm run signer -- import-deposit-key ${chain}`,
      );
    } else keys[chain] = key;
  }
  return keys;
}

/**
 * SIGNER_COLD_ADDRESSES, `network:address,...` as the API's TREASURY_COLD_ADDRESSES: the watch-only
 * cold addresses the hot wallet's excess goes to. Configured here, never taken from the API.
 */
export function loadColdAddresses(
  env: Readonly<Record<string, string | undefined>>,
  problems: string[],
): Record<string, string[]> {
  const cold: Record<string, string[]> = {};
  for (const pair of (env.SIGNER_COLD_ADDRESSES ?? '').split(',').filter((text) => text.trim() !== '')) {
    const [network, address] = pair.split(':').map((part) => part.trim());
    if (!network || !address) {
      problems.push('SIGNER_COLD_ADDRESSES: must be network:address pairs separated by commas');
      continue;
    }
    (cold[network] ??= []).push(address);
  }
  return cold;
}

/**
 * A cold move (ADR 0049): the hot wallet paying one of the configured cold addresses of its network.
 * Rora's coins stay Rora's, so the ledger is not asked; the key signer's own checks still apply.
 */
export function isColdMove(transaction: UnsignedTransaction, holder: KeyHolder, options?: SweepOptions): boolean {
  const cold = options?.cold?.[transaction.network] ?? [];
  return (
    transaction.depositIndex === undefined && cold.some((address) => holder.sameDestination(address, transaction.to))
  );
}

function refuse(
  code: 'sweep_destination_is_not_the_hot_wallet' | 'sweep_source_is_not_a_deposit_address',
  why: string,
) {
  return new SignerRefusal(code, why);
}

export interface SweepOptions {
  readonly keys: DepositKeys;
  readonly kind: NetworkKind;
  /** Cold-storage addresses per network (SIGNER_COLD_ADDRESSES): the hot wallet may pay them any time. */
  readonly cold?: Readonly<Record<string, readonly string[]>>;
  /** EVM chains: the chain id, fee ceiling and token contracts the hot key signs under. */
  readonly evm?: EvmSettings;
}

/** The deposit key's signer on the transaction's network (a token network signs with its chain's key). */
function depositSigner(transaction: UnsignedTransaction, child: HDKey, options: SweepOptions): Signer | null {
  const chain = getNetwork(transaction.network).chain;
  const privateKey = child.privateKey as Uint8Array;
  if (chain === 'btc' || chain === 'ltc') {
    const params = utxoParams(chain, options.kind);
    return new UtxoKeySigner({ network: chain, params, wif: WIF(params.signer).encode(privateKey) });
  }
  const settings = chain === 'eth' || chain === 'bsc' ? options.evm?.[chain] : undefined;
  if (!settings || (chain !== 'eth' && chain !== 'bsc')) return null;
  const holders = evmKeyHolders(chain, options.kind, privateKey, settings);
  return holders.find((holder) => holder.network === transaction.network)?.signer ?? null;
}

/** A non-hardened BIP32 child index: what a deposit address's index may be. */
const isDepositIndex = (index: number | undefined): index is number =>
  index !== undefined && index >= 0 && index <= 0x7fff_ffff;

/** The signer of the chain's deposit address at `index` (external branch), or null: no key, no such index. */
function depositSignerAt(transaction: UnsignedTransaction, index: number | undefined, options: SweepOptions) {
  const account = options.keys[getNetwork(transaction.network).chain as DepositKeyChain];
  if (account === undefined || !isDepositIndex(index)) return null;
  return depositSigner(transaction, account.deriveChild(0).deriveChild(index), options);
}

/** What the sweep pays the network, in its fee asset, and what it spends of the swept asset. */
function feeShare(transaction: UnsignedTransaction): { fee: bigint; of: bigint } | null {
  if (transaction.inputs !== undefined) {
    const spent = transaction.inputs.reduce((sum, input) => sum + input.amount, 0n);
    return { fee: spent - transaction.amount, of: spent };
  }
  // A token's gas is in the native coin, which the hot wallet gave it for this sweep: no share to take.
  if (transaction.contract !== undefined) return null;
  const fee = transaction.feeRate * transaction.feeUnits;
  return { fee, of: transaction.amount + fee };
}

/** The signer of the deposit key the sweep names, once the sweep is shown to be one of Rora's own moves. */
export function authorizeSweep(transaction: UnsignedTransaction, holder: KeyHolder, options: SweepOptions): Signer {
  const chain = getNetwork(transaction.network).chain as DepositKeyChain;
  const index = transaction.depositIndex;
  if (options.keys[chain] === undefined || !isDepositIndex(index)) {
    throw refuse('sweep_source_is_not_a_deposit_address', `This signer holds no ${transaction.network} deposit keys`);
  }
  if (!holder.sameDestination(transaction.to, holder.address) || transaction.change !== undefined) {
    throw refuse(
      'sweep_destination_is_not_the_hot_wallet',
      `Sweep ${transaction.id} must pay only this signer's hot wallet ${holder.address}`,
    );
  }
  const signer = depositSignerAt(transaction, index, options);
  if (!signer || signer.addressFor(transaction.network).toLowerCase() !== transaction.from.toLowerCase()) {
    throw refuse(
      'sweep_source_is_not_a_deposit_address',
      `${transaction.from} is not the deposit address at index ${index}`,
    );
  }
  const share = feeShare(transaction);
  if (share && share.fee * 10_000n > share.of * MAX_FEE_PER_10_000) {
    throw new SignerRefusal(
      'transaction_fee_is_above_ceiling',
      `Sweep ${transaction.id} pays ${share.fee} of ${share.of} in fees; at most 1 % is signed`,
    );
  }
  return signer;
}

/**
 * A gas top-up (ADR 0049): the hot wallet paying an EVM chain's native coin to Rora's own deposit
 * address at `topUpIndex` (derived here from the deposit account key), at most the gas one token
 * sweep may burn under this signer's ceiling. Rora's coins stay Rora's: no ledger check.
 */
export function authorizeGasTopUp(transaction: UnsignedTransaction, holder: KeyHolder, options: SweepOptions): void {
  const network = getNetwork(transaction.network);
  const chain = network.chain as DepositKeyChain;
  const index = transaction.topUpIndex;
  const settings = chain === 'eth' || chain === 'bsc' ? options.evm?.[chain] : undefined;
  if (network.token || transaction.contract !== undefined || options.keys[chain] === undefined || !settings) {
    throw refuse(
      'sweep_source_is_not_a_deposit_address',
      `This signer tops up no ${transaction.network} deposit address`,
    );
  }
  const signer = depositSignerAt(transaction, index, options);
  if (!signer || !holder.sameDestination(signer.addressFor(transaction.network), transaction.to)) {
    throw refuse(
      'sweep_source_is_not_a_deposit_address',
      `${transaction.to} is not the deposit address at index ${index}`,
    );
  }
  const most = settings.maxFeePerGas * settings.maxGas;
  if (transaction.amount > most) {
    throw new SignerRefusal(
      'transaction_fee_is_above_ceiling',
      `Gas top-up ${transaction.id} of ${transaction.amount} is above the most one sweep's gas costs here (${most})`,
    );
  }
}
