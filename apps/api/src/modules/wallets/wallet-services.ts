// Wires the wallets contexts once for services.ts: the chains (in-process devnet), prices, wallets,
// the chain watcher that feeds wallets, the cold wallet and the portfolio.
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountServices } from '../accounts/index.ts';
import {
  createChainRegistry,
  createChainWatcher,
  type ChainRegistry,
  type ChainWatcher,
} from '../chain-watcher/index.ts';
import { createColdWalletRepository, createColdWalletService, type ColdWalletService } from '../coldwallet/index.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { createPortfolioService, type PortfolioService } from '../portfolio/index.ts';
import type { LivePriceService } from '../prices/index.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createWalletsModule, type WalletsModule } from './index.ts';

export interface WalletServices {
  chains: ChainRegistry;
  chainWatcher: ChainWatcher;
  prices: LivePriceService;
  wallets: WalletsModule;
  coldWallet: ColdWalletService;
  portfolio: PortfolioService;
}

export function createWalletServices(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  accounts: AccountServices;
  notifications: NotificationService;
  events: EventBus;
  /** Live US dollar prices (prices/live-prices.ts), for valuations and token-network fees. */
  prices: LivePriceService;
}): WalletServices {
  const { db } = deps.database;
  const { clock } = deps;
  const ledger = createLedger();
  const chains = createChainRegistry({ config: deps.config, clock });
  const { prices } = deps;
  const wallets = createWalletsModule({ ...deps, db, ledger, registry: chains, prices });
  const chainWatcher = createChainWatcher({ registry: chains, handlers: wallets.handlers, log: wallets.log });
  const coldWallet = createColdWalletService({
    db,
    clock,
    ledger,
    prices,
    approval: wallets.approval,
    notifier: wallets.notifier,
    repository: createColdWalletRepository(db),
  });
  return {
    chains,
    chainWatcher,
    prices,
    wallets,
    coldWallet,
    portfolio: createPortfolioService({ db, ledger, prices }),
  };
}
