// Solana's ed25519 keys (SLIP-10) have no public derivation, so the API cannot make a new deposit
// address on its own. The signer generates a batch of addresses ahead of time; configuration lists
// them, and the i-th customer address is the i-th entry. The wallets service allocates indexes (a
// database sequence), so an address is never handed out twice; operators top the list up before
// `remaining` reaches zero.
import { ChainError } from './errors.ts';
import { parseSolanaAddress } from './codecs/solana.ts';

export class SolAddressPool {
  readonly #addresses: readonly string[];
  readonly #indexByAddress: ReadonlyMap<string, number>;

  constructor(addresses: readonly string[]) {
    const indexByAddress = new Map<string, number>();
    addresses.forEach((address, index) => {
      const parsed = parseSolanaAddress(address);
      if (parsed.kind !== 'valid') {
        throw new ChainError('address_pool_is_invalid', `Solana pool entry ${index} is not a Solana wallet address`);
      }
      if (indexByAddress.has(address)) {
        throw new ChainError(
          'address_pool_is_invalid',
          `Solana pool entry ${index} repeats entry ${indexByAddress.get(address)}`,
        );
      }
      indexByAddress.set(address, index);
    });
    this.#addresses = Object.freeze([...addresses]);
    this.#indexByAddress = indexByAddress;
  }

  get size(): number {
    return this.#addresses.length;
  }

  /** The address for allocation index `index`; `address_pool_is_exhausted` past the end of the list. */
  addressAt(index: number): string {
    const address = this.#addresses[index];
    if (address === undefined) {
      throw new ChainError(
        'address_pool_is_exhausted',
        `The Solana address pool holds ${this.size} addresses; index ${index} needs a larger pool`,
      );
    }
    return address;
  }

  indexOf(address: string): number | undefined {
    return this.#indexByAddress.get(address);
  }

  /** Addresses still free once indexes below `nextIndex` are allocated. */
  remaining(nextIndex: number): number {
    return Math.max(0, this.size - nextIndex);
  }
}
