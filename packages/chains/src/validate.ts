// Checks an address a customer typed for a network before anything is sent there. A refusal is data
// (a closed code and a sentence for a person), so the API can answer 422 with the rule that failed and
// the web app can say what the address looks like instead ("This is an Ethereum address").
import { BITCOIN_PARAMS, DOGECOIN_PARAMS, LITECOIN_PARAMS, parseBitcoinAddress } from './codecs/bitcoin.ts';
import { parseEvmAddress } from './codecs/evm.ts';
import type { ParsedAddress } from './codecs/parsed.ts';
import { parseSolanaAddress } from './codecs/solana.ts';
import { parseXrpAddress } from './codecs/xrp.ts';
import { ChainError, type ChainErrorCode } from './errors.ts';
import { CHAINS, getNetwork, type AddressFormat, type NetworkDefinition, type NetworkId } from './networks.ts';

export type AddressErrorCode = Extract<
  ChainErrorCode,
  | 'address_is_not_valid_for_network'
  | 'address_checksum_is_invalid'
  | 'destination_tag_required'
  | 'destination_tag_is_invalid'
  | 'destination_tag_is_not_supported'
  | 'destination_tag_conflicts_with_address'
>;

export interface ValidateAddressOptions {
  /** XRP destination tag the customer entered, if any. */
  readonly destinationTag?: number;
  /** The receiving XRP account demands a tag (an exchange's omnibus account, `RequireDest` flag). */
  readonly destinationTagRequired?: boolean;
}

/** What an address looks like, for the message when it belongs to another chain. */
export interface DetectedAddress {
  readonly format: AddressFormat | 'dogecoin';
  readonly label: string;
  readonly testnet: boolean;
}

export type AddressValidation =
  | { readonly ok: true; readonly network: NetworkId; readonly address: string; readonly destinationTag?: number }
  | {
      readonly ok: false;
      readonly network: NetworkId;
      readonly code: AddressErrorCode;
      readonly message: string;
      readonly detected: readonly DetectedAddress[];
    };

const FORMATS: readonly { format: DetectedAddress['format']; label: string; parse: (text: string) => ParsedAddress }[] =
  [
    { format: 'bitcoin', label: 'Bitcoin', parse: (text) => parseBitcoinAddress(BITCOIN_PARAMS, text) },
    { format: 'litecoin', label: 'Litecoin', parse: (text) => parseBitcoinAddress(LITECOIN_PARAMS, text) },
    { format: 'dogecoin', label: 'Dogecoin', parse: (text) => parseBitcoinAddress(DOGECOIN_PARAMS, text) },
    { format: 'evm', label: 'Ethereum or BNB Smart Chain', parse: parseEvmAddress },
    { format: 'xrp', label: 'XRP Ledger', parse: parseXrpAddress },
    { format: 'solana', label: 'Solana', parse: parseSolanaAddress },
  ];

const MAX_ADDRESS_LENGTH = 128;
const MAX_DESTINATION_TAG = 0xffff_ffff;

/** The chains an address is well formed for (mainnet or test network), whatever network it was typed for. */
export function detectAddress(address: string): readonly DetectedAddress[] {
  const text = normalise(address);
  if (text === null) return [];
  return FORMATS.flatMap(({ format, label, parse }): DetectedAddress[] => {
    const { kind } = parse(text);
    if (kind === 'valid' || kind === 'unusable') return [{ format, label, testnet: false }];
    return kind === 'testnet' ? [{ format, label, testnet: true }] : [];
  });
}

export function validateAddress(
  networkOrId: NetworkDefinition | NetworkId,
  address: string,
  options: ValidateAddressOptions = {},
): AddressValidation {
  const network = typeof networkOrId === 'string' ? getNetwork(networkOrId) : networkOrId;
  const text = normalise(address);
  const chain = CHAINS[network.chain];
  const entry = FORMATS.find(({ format }) => format === chain.addressFormat);
  const parsed: ParsedAddress = text === null || !entry ? { kind: 'invalid' } : entry.parse(text);
  const fail = (
    code: AddressErrorCode,
    message: string,
    detected: readonly DetectedAddress[] = [],
  ): AddressValidation => ({
    ok: false,
    network: network.id,
    code,
    message,
    detected,
  });
  switch (parsed.kind) {
    case 'valid':
      return checkValid(network, parsed, options, fail);
    case 'checksum':
      return fail(
        'address_checksum_is_invalid',
        `This ${network.name} address has a typo: its checksum does not match`,
      );
    case 'testnet':
      return fail(
        'address_is_not_valid_for_network',
        `This is a ${chain.name} test network address; Rora sends ${network.asset} on ${chain.name} mainnet only`,
        detectAddress(address),
      );
    case 'unusable':
      return fail('address_is_not_valid_for_network', `This address cannot receive ${network.asset}: ${parsed.reason}`);
    case 'invalid':
      return wrongChain(network, address, fail);
  }
}

/** `validateAddress`, throwing a ChainError with the failed rule's code; returns the canonical address. */
export function assertValidAddress(
  networkOrId: NetworkDefinition | NetworkId,
  address: string,
  options: ValidateAddressOptions = {},
): Extract<AddressValidation, { ok: true }> {
  const result = validateAddress(networkOrId, address, options);
  if (!result.ok) throw new ChainError(result.code, result.message);
  return result;
}

type Fail = (code: AddressErrorCode, message: string, detected?: readonly DetectedAddress[]) => AddressValidation;

function checkValid(
  network: NetworkDefinition,
  parsed: Extract<ParsedAddress, { kind: 'valid' }>,
  options: ValidateAddressOptions,
  fail: Fail,
): AddressValidation {
  if (network.token && parsed.address.toLowerCase() === network.token.contract.toLowerCase()) {
    return fail(
      'address_is_not_valid_for_network',
      `This is the ${network.asset} token contract, not a wallet; tokens sent to it are lost`,
    );
  }
  const tag = options.destinationTag;
  const tagged = CHAINS[network.chain].addressFormat === 'xrp';
  if (tag !== undefined && !tagged) {
    return fail('destination_tag_is_not_supported', `${network.name} has no destination tags; send without one`);
  }
  if (tag !== undefined && (!Number.isSafeInteger(tag) || tag < 0 || tag > MAX_DESTINATION_TAG)) {
    return fail('destination_tag_is_invalid', 'A destination tag is a whole number from 0 to 4294967295');
  }
  if (tag !== undefined && parsed.destinationTag !== undefined && tag !== parsed.destinationTag) {
    return fail('destination_tag_conflicts_with_address', 'This X-address already carries a different destination tag');
  }
  const destinationTag = tag ?? parsed.destinationTag;
  if (tagged && options.destinationTagRequired && destinationTag === undefined) {
    return fail(
      'destination_tag_required',
      'This XRP address needs a destination tag, or the payment cannot be credited',
    );
  }
  return destinationTag === undefined
    ? { ok: true, network: network.id, address: parsed.address }
    : { ok: true, network: network.id, address: parsed.address, destinationTag };
}

function wrongChain(network: NetworkDefinition, address: string, fail: Fail): AddressValidation {
  const detected = detectAddress(address);
  const first = detected[0];
  if (!first) return fail('address_is_not_valid_for_network', `This is not a valid ${network.name} address`);
  const what = first.testnet ? `a ${first.label} test network address` : `an address for ${first.label}`;
  return fail(
    'address_is_not_valid_for_network',
    `This is ${what}; it cannot receive ${network.asset} on ${network.name}`,
    detected,
  );
}

function normalise(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const text = address.trim();
  if (text === '' || text.length > MAX_ADDRESS_LENGTH || /\s/.test(text)) return null;
  return text;
}
