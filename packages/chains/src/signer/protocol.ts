// The wire format between the API and the signer process (apps/signer, ADR 0041): an unsigned
// transaction as JSON, bigints as decimal strings, in one canonical field order. The canonical text
// is also what the signer records with each signature, so "the same request" means the same text.
import type { SignedTransaction, UnsignedTransaction, UtxoInput } from '../adapter.ts';
import { getNetwork } from '../networks.ts';

export const SIGNER_PATHS = {
  sign: '/v1/sign',
  /** GET ?network=&id=: the recorded signature under that id, or null. */
  recorded: '/v1/recorded',
  addresses: '/v1/addresses',
  health: '/v1/health',
} as const;

/** Refusals of the signer, each naming the rule the request broke. */
export const SIGNER_REFUSALS = [
  'signer_request_is_malformed',
  'signer_secret_is_wrong',
  'signer_has_no_key_for_network',
  'withdrawal_is_not_held',
  'withdrawal_does_not_match',
  'withdrawal_was_signed_differently',
  'transaction_signature_is_invalid',
  'transaction_fee_is_above_ceiling',
  'sweep_destination_is_not_the_hot_wallet',
  'sweep_source_is_not_a_deposit_address',
] as const;
export type SignerRefusalCode = (typeof SIGNER_REFUSALS)[number];

interface WireTransaction {
  network: string;
  id: string;
  from: string;
  to: string;
  amount: string;
  destinationTag?: number;
  contract?: string;
  nonce?: number;
  feeRate: string;
  feeUnits: string;
  priorityFeeRate?: string;
  inputs?: { txid: string; vout: number; amount: string }[];
  change?: { address: string; amount: string };
  depositIndex?: number;
  topUpIndex?: number;
  validUntil?: number;
  recentBlockhash?: string;
}

/** The canonical JSON of a transaction: the same transaction always gives the same text. */
export function encodeUnsigned(transaction: UnsignedTransaction): string {
  const wire: WireTransaction = {
    network: transaction.network,
    id: transaction.id,
    from: transaction.from,
    to: transaction.to,
    amount: transaction.amount.toString(),
    ...(transaction.destinationTag === undefined ? {} : { destinationTag: transaction.destinationTag }),
    ...(transaction.contract === undefined ? {} : { contract: transaction.contract }),
    ...(transaction.nonce === undefined ? {} : { nonce: transaction.nonce }),
    feeRate: transaction.feeRate.toString(),
    feeUnits: transaction.feeUnits.toString(),
    ...(transaction.priorityFeeRate === undefined ? {} : { priorityFeeRate: transaction.priorityFeeRate.toString() }),
    ...(transaction.inputs === undefined
      ? {}
      : {
          inputs: transaction.inputs.map((input) => ({
            txid: input.txid,
            vout: input.vout,
            amount: input.amount.toString(),
          })),
        }),
    ...(transaction.change === undefined
      ? {}
      : { change: { address: transaction.change.address, amount: transaction.change.amount.toString() } }),
    ...(transaction.depositIndex === undefined ? {} : { depositIndex: transaction.depositIndex }),
    ...(transaction.topUpIndex === undefined ? {} : { topUpIndex: transaction.topUpIndex }),
    ...(transaction.validUntil === undefined ? {} : { validUntil: transaction.validUntil }),
    ...(transaction.recentBlockhash === undefined ? {} : { recentBlockhash: transaction.recentBlockhash }),
  };
  return JSON.stringify(wire);
}

export class SignerProtocolError extends Error {
  override readonly name = 'SignerProtocolError';
}

const isText = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
function amount(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !/^[0-9]{1,78}$/.test(value)) {
    throw new SignerProtocolError(`${field} must be a whole number of minor units as a decimal string`);
  }
  return BigInt(value);
}
function text(value: unknown, field: string): string {
  if (!isText(value)) throw new SignerProtocolError(`${field} must be a non-empty string`);
  return value;
}

function decodeInputs(value: unknown): UtxoInput[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > 1000) throw new SignerProtocolError('inputs must be a list');
  return value.map((input: Record<string, unknown>, index) => {
    if (!isWhole(input?.vout)) throw new SignerProtocolError(`inputs[${index}].vout must be a whole number`);
    return {
      txid: text(input.txid, `inputs[${index}].txid`),
      vout: input.vout,
      amount: amount(input.amount, 'amount'),
    };
  });
}

function optionalWhole(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (!isWhole(value)) throw new SignerProtocolError(`${field} must be a whole number`);
  return value;
}

/** Reads a transaction sent as JSON, or throws `SignerProtocolError` naming the field at fault. */
export function decodeUnsigned(body: unknown): UnsignedTransaction {
  if (typeof body !== 'object' || body === null) throw new SignerProtocolError('the transaction must be an object');
  const wire = body as Record<string, unknown>;
  let network;
  try {
    network = getNetwork(text(wire.network, 'network')).id;
  } catch {
    throw new SignerProtocolError('network must be a network Rora knows');
  }
  const change = wire.change as Record<string, unknown> | undefined;
  const inputs = decodeInputs(wire.inputs);
  const destinationTag = optionalWhole(wire.destinationTag, 'destinationTag');
  const nonce = optionalWhole(wire.nonce, 'nonce');
  const depositIndex = optionalWhole(wire.depositIndex, 'depositIndex');
  const topUpIndex = optionalWhole(wire.topUpIndex, 'topUpIndex');
  const validUntil = optionalWhole(wire.validUntil, 'validUntil');
  return {
    network,
    id: text(wire.id, 'id'),
    from: text(wire.from, 'from'),
    to: text(wire.to, 'to'),
    amount: amount(wire.amount, 'amount'),
    ...(destinationTag === undefined ? {} : { destinationTag }),
    ...(wire.contract === undefined ? {} : { contract: text(wire.contract, 'contract') }),
    ...(nonce === undefined ? {} : { nonce }),
    feeRate: amount(wire.feeRate, 'feeRate'),
    feeUnits: amount(wire.feeUnits, 'feeUnits'),
    ...(wire.priorityFeeRate === undefined ? {} : { priorityFeeRate: amount(wire.priorityFeeRate, 'priorityFeeRate') }),
    ...(inputs === undefined ? {} : { inputs }),
    ...(change === undefined
      ? {}
      : {
          change: { address: text(change?.address, 'change.address'), amount: amount(change?.amount, 'change.amount') },
        }),
    ...(depositIndex === undefined ? {} : { depositIndex }),
    ...(topUpIndex === undefined ? {} : { topUpIndex }),
    ...(validUntil === undefined ? {} : { validUntil }),
    ...(wire.recentBlockhash === undefined ? {} : { recentBlockhash: text(wire.recentBlockhash, 'recentBlockhash') }),
  };
}

const RAW_HEX = /^(0x)?[0-9a-f]+$/i;
const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Reads the signer's answer to a sign request: raw hex, bare (Bitcoin family, XRP) or 0x-prefixed
 * (EVM), or base64 (Solana's wire transaction, as sendTransaction takes it).
 */
export function decodeSigned(body: unknown): SignedTransaction {
  const wire = (body ?? {}) as Record<string, unknown>;
  const raw = wire.network === 'sol' ? RAW_BASE64 : RAW_HEX;
  if (!isText(wire.txid, 128) || typeof wire.raw !== 'string' || !raw.test(wire.raw)) {
    throw new SignerProtocolError('the signer answered without a txid and raw transaction');
  }
  return {
    network: getNetwork(text(wire.network, 'network')).id,
    id: text(wire.id, 'id'),
    txid: wire.txid,
    raw: wire.raw,
  };
}
