// Development only (config.devRoutes, never in production): POST /dev/faucet sends a devnet deposit
// to a customer's wallet, as an outside sender would (`npm run faucet`), and POST /dev/mine mines
// blocks of a devnet chain at once, so a journey need not wait for the block timer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getNetwork,
  isDevnetRunElsewhere,
  isNetworkId,
  networksForAsset,
  type NetworkDefinition,
  type NetworkId,
} from '@rora/chains';
import { faucetBodySchema, faucetResponseSchema, mineBodySchema, mineResponseSchema } from '@rora/contracts';
import { canonicalAssetSymbol, formatAmount, isMoneyError } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import { accountRouteValidator } from '../accounts/index.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { ModuleOptions } from '../index.ts';
import { parseCustomerAmount } from './amounts.ts';

function faucetNetwork(asset: string, network: string | undefined): NetworkDefinition {
  if (network !== undefined) {
    if (!isNetworkId(network)) throw new AppError('network_is_unknown', { field: 'network' });
    return getNetwork(network);
  }
  let symbol;
  try {
    symbol = canonicalAssetSymbol(asset);
  } catch (error) {
    if (isMoneyError(error))
      throw new AppError('network_is_unknown', { field: 'asset', message: `No network moves ${asset}` });
    throw error;
  }
  const [first] = networksForAsset(symbol);
  if (!first) throw new AppError('network_is_unknown', { field: 'asset', message: `No network moves ${asset}` });
  return first;
}

export const faucetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, services }) => {
  if (!config.devRoutes) return;
  app.setValidatorCompiler(accountRouteValidator);
  const tags = ['dev'];

  app.post(
    '/dev/faucet',
    {
      schema: {
        tags,
        summary: 'Development only: a devnet deposit to a customer',
        body: faucetBodySchema,
        response: { 200: faucetResponseSchema },
      },
    },
    async (request) => {
      const { email, asset, amount, network: networkId } = request.body;
      const network = faucetNetwork(asset, networkId);
      assertDevnet(services.chains, network.id);
      const userId = await services.wallets.repository.userIdByEmail(email);
      if (!userId) throw new AppError('resource_not_found', { message: `No customer ${email}`, field: 'email' });
      const user = { id: userId };
      const minor = parseCustomerAmount(amount, network.decimals);
      await services.wallets.addresses.generate(user.id);
      const wallet = await services.wallets.repository.findByNetwork(user.id, network.id);
      if (!wallet) throw new AppError('wallet_is_not_available');
      const sent = await whileRunHere(async () => {
        const deposit = services.chains.devnet.fundAddress({
          network: network.id,
          address: wallet.address,
          amount: minor,
          ...(wallet.destinationTag === null ? {} : { destinationTag: wallet.destinationTag }),
          // A faucet sends at the fast rate: at 'normal' a busy fee market (blocks mined back to back,
          // the background traffic outbidding it) left about one deposit in 300 out of 20 blocks.
          priority: 'fast',
        });
        // Answered once the devnet's journal holds the deposit: a restart does not lose it.
        await services.chains.devnet.flush();
        return deposit;
      });
      return {
        data: {
          txid: sent.txid,
          network: network.id,
          walletId: wallet.id,
          address: wallet.address,
          amount: formatAmount(minor, network.decimals),
        },
      };
    },
  );

  app.post(
    '/dev/mine',
    {
      schema: {
        tags,
        summary: 'Development only: mine devnet blocks now',
        body: mineBodySchema,
        response: { 200: mineResponseSchema },
      },
    },
    async (request) => {
      const { network, blocks } = request.body;
      if (!isNetworkId(network)) throw new AppError('network_is_unknown', { field: 'network' });
      assertDevnet(services.chains, network);
      const mined = await whileRunHere(async () => {
        const made = services.chains.devnet.mineBlocks(network, blocks);
        // Events reach the watcher once their blocks are written (ADR 0048); then wait for its handlers.
        await services.chains.devnet.flush();
        return made;
      });
      await services.chainWatcher.idle();
      return { data: { network, height: mined[mined.length - 1]?.height ?? 0 } };
    },
  );
};

/**
 * A chain read through a real node (CHAINS_LTC=rpc) has no faucet: its coins come from that chain. Nor
 * has a devnet this process only reads (another process holds the devnet lock, ADR 0048): a deposit or
 * block made in its copy would never be written, so it would never be mined, confirmed or credited,
 * while the deposit it announced stayed pending for good.
 */
function assertDevnet(chains: Pick<ChainRegistry, 'isDevnet' | 'broadcastsHere'>, network: NetworkId): void {
  if (!chains.isDevnet(network)) {
    const message = `${network} is read from a node here; the faucet and mining are for devnet networks only`;
    throw new AppError('network_is_unknown', { field: 'network', message });
  }
  if (!chains.broadcastsHere(network)) throw new AppError('devnet_is_run_by_another_process', { field: 'network' });
}

/**
 * A deposit or block asked of the process that ran the devnet when another took it over meanwhile
 * (ADR 0083): its copy refuses the change, or the batch holding it is never written. It answers as
 * a reader does; the deposit was never on the devnet.
 */
async function whileRunHere<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDevnetRunElsewhere(error)) throw new AppError('devnet_is_run_by_another_process', { field: 'network' });
    throw error;
  }
}
