// Where a send goes. The address (and XRP tag) is checked by the network's rules; if it is another
// Rora customer's deposit address the send settles inside Rora's books. Sending to oneself, or to
// Rora's XRP omnibus address with a tag no customer has, is refused: both would only lose money.
import { CHAINS, getNetwork, type AddressErrorCode } from '@rora/chains';
import type { ErrorCode } from '@rora/contracts';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { WalletRow, WalletsRepository } from './wallets.repository.ts';

export type Destination =
  | {
      readonly ok: true;
      readonly address: string;
      readonly destinationTag: number | null;
      readonly recipient: WalletRow | null;
    }
  | { readonly ok: false; readonly code: AddressErrorCode | ErrorCode; readonly message: string };

export interface DestinationResolver {
  check(from: WalletRow, address: string, destinationTag?: number): Promise<Destination>;
  /** `check`, throwing the refusal as a 422 on the field it concerns. */
  resolve(from: WalletRow, address: string, destinationTag?: number): Promise<Extract<Destination, { ok: true }>>;
}

const refuse = (code: ErrorCode, message: string): Destination => ({ ok: false, code, message });

export function createDestinationResolver(deps: {
  db: Db;
  registry: ChainRegistry;
  repository: WalletsRepository;
}): DestinationResolver {
  async function check(from: WalletRow, address: string, destinationTag?: number): Promise<Destination> {
    const adapter = deps.registry.adapter(from.network);
    const validation = await adapter.validateAddress(address, destinationTag === undefined ? {} : { destinationTag });
    if (!validation.ok) return { ok: false, code: validation.code, message: validation.message };
    const tag = validation.destinationTag ?? null;
    const recipient = await deps.repository.findByAddress(deps.db, from.network, validation.address, tag);
    if (recipient?.userId === from.userId) {
      return refuse('destination_must_not_be_own_wallet', 'This is your own address. Choose another one');
    }
    const tagged = CHAINS[getNetwork(from.network).chain].depositScheme === 'tagged';
    if (!recipient && tagged && validation.address === from.address) {
      return refuse(
        'destination_tag_is_not_assigned',
        'This destination tag belongs to no Rora customer. Check the tag and try again',
      );
    }
    return { ok: true, address: validation.address, destinationTag: tag, recipient };
  }

  return {
    check,
    async resolve(from, address, destinationTag) {
      const destination = await check(from, address, destinationTag);
      if (destination.ok) return destination;
      const field = destination.code.startsWith('destination_tag') ? 'destinationTag' : 'address';
      throw new AppError(destination.code as ErrorCode, { message: destination.message, field });
    },
  };
}
