// The wallets context: deposit addresses, the wallet list, deposits credited once after their
// confirmations, sends held, approved and broadcast once (or settled inside Rora), and the handlers
// the chain watcher calls. Other modules use it through this file only.
import { getNetwork, networksOnChain, type NetworkId } from '@rora/chains';
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import type { AccountServices } from '../accounts/index.ts';
import type { ChainEventHandlers, ChainRegistry, ScannedChainHandlers } from '../chain-watcher/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { PriceService } from '../prices/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createAddressBook, type AddressBook } from './addresses.ts';
import { createApproval, type Approval } from './approval.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import { createDepositService, type DepositService } from './deposits.service.ts';
import { createDestinationResolver } from './destination.ts';
import { createChainBalanceObserver, type ColdAddresses } from './chain-balances.ts';
import { createFeeQuotes } from './fee-quotes.ts';
import { createFeeCalculator } from './fees.ts';
import { createHeldSends, type HeldSends } from './held-sends.ts';
import { createTreasury } from './treasury.ts';
import { createScannedDeposits } from './scanned-deposits.ts';
import { createSendSteps } from './send-steps.ts';
import { createSendService, type SendService } from './send.service.ts';
import { createSendsRepository } from './sends.repository.ts';
import { createSettlementService, type SettlementService } from './settlement.service.ts';
import { createLedgerHistoryRepository } from './ledger-history.repository.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { createWalletNotifier, type WalletNotifier } from './wallet-notifier.ts';
import { createWalletsRepository, type WalletsRepository } from './wallets.repository.ts';
import { createWalletsService, type WalletsService } from './wallets.service.ts';

export interface WalletsModule {
  service: WalletsService;
  sends: SendService;
  deposits: DepositService;
  settlement: SettlementService;
  approval: Approval;
  addresses: AddressBook;
  /** Sends held on a replica that does not run the devnet, broadcast here promptly if this one does (ADR 0083). */
  heldSends: HeldSends;
  repository: WalletsRepository;
  notifier: WalletNotifier;
  /** What the chain watcher calls. */
  handlers: ChainEventHandlers;
  /** What the deposit scanner calls (chains read through a node). */
  scanned: ScannedChainHandlers;
  /** Where the module logs (the process's logger, given by the core). */
  log: ModuleLog;
}

export interface ModuleLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Rora's own coins (TREASURY_* settings, ADR 0044): watch-only cold addresses, hot-wallet ceilings. */
export interface TreasuryConfig {
  cold: ColdAddresses;
  /** Minor units per network; a network without one has no ceiling. */
  ceilings: Partial<Record<NetworkId, bigint>>;
  /** False: deposit addresses are not swept (TREASURY_SWEEPS=off). */
  sweeps: boolean;
}

export interface WalletsDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  registry: ChainRegistry;
  prices: PriceService;
  accounts: Pick<AccountServices, 'users' | 'pin' | 'twoFactor'>;
  notifications: NotificationService;
  events: EventBus;
  log: ModuleLog;
  treasury?: TreasuryConfig;
  /** FEE_QUOTE_SECRET: the key every replica signs and checks fee quotes with (ADR 0080). */
  feeQuoteSecret: string;
}

/** After the sends: what the chain holds at Rora's addresses, then sweeps and cold moves (ADR 0044). */
function createCustody(deps: Pick<WalletsDependencies, 'db' | 'clock' | 'ledger' | 'registry' | 'log' | 'treasury'>) {
  const { db, clock, ledger, registry, log } = deps;
  const observer = createChainBalanceObserver({ db, clock, registry, cold: deps.treasury?.cold ?? {} });
  const cold = deps.treasury?.cold ?? {};
  const treasury = createTreasury({
    db,
    clock,
    ledger,
    registry,
    cold,
    ceilings: deps.treasury?.ceilings ?? {},
    sweeps: deps.treasury?.sweeps ?? true,
    log,
  });
  return async (network: NetworkId): Promise<void> => {
    try {
      const balances = await observer.observe(network);
      if (balances) await treasury.run(balances);
    } catch (error) {
      log.warn({ network, err: error }, 'chain balances unread');
    }
  };
}

export function createWalletsModule(deps: WalletsDependencies): WalletsModule {
  const { db, clock, ledger, registry, log } = deps;
  const repository = createWalletsRepository(db);
  const transactions = createTransactionsRepository(db);
  const sendsRepository = createSendsRepository(db);
  const notifier = createWalletNotifier({ notifications: deps.notifications, events: deps.events, transactions });
  const addresses = createAddressBook({ repository, registry, log });
  // A process that takes the devnet over watches every stored address on it (ADR 0082).
  registry.onTakeover(() => addresses.watchAll());
  const approval = createApproval({ accounts: deps.accounts });
  const steps = createSendSteps({ db, clock, ledger, registry, sends: sendsRepository, notifier, log });
  const heldSends = createHeldSends({ sends: sendsRepository, registry, clock, steps, log });
  const depositsRepository = createDepositsRepository(db);
  const deposits = createDepositService({
    db,
    clock,
    ledger,
    registry,
    wallets: repository,
    deposits: depositsRepository,
    notifier,
  });
  // A token not configured on the node's chain stays on the devnet: its deposits are not the scanner's.
  const scannedOnChain = (network: NetworkId) =>
    networksOnChain(getNetwork(network).chain)
      .map((each) => each.id)
      .filter((each) => !registry.isDevnet(each));
  const scannedDeposits = createScannedDeposits({
    networksOnChain: scannedOnChain,
    db,
    clock,
    ledger,
    notifier,
    wallets: repository,
    deposits: depositsRepository,
  });
  const settlement = createSettlementService({ db, clock, registry, sends: sendsRepository, steps, notifier });
  const sends = createSendService({
    db,
    clock,
    ledger,
    wallets: repository,
    sends: sendsRepository,
    transactions,
    destinations: createDestinationResolver({ db, registry, repository }),
    fees: createFeeCalculator({ registry, prices: deps.prices }),
    quotes: createFeeQuotes({ secret: deps.feeQuoteSecret, clock }),
    approval,
    steps,
    notifier,
  });
  const service = createWalletsService({
    db,
    ledger,
    prices: deps.prices,
    wallets: repository,
    history: createLedgerHistoryRepository(db),
    addresses,
    networkCount: registry.networks.length,
    tokenContract: (network) => registry.tokenContract(network),
  });
  const custody = createCustody({ db, clock, ledger, registry, log, treasury: deps.treasury });
  const { handlers, scanned } = chainHandlers({ deposits, scannedDeposits, scannedOnChain, settlement, custody });
  return {
    service,
    sends,
    deposits,
    settlement,
    approval,
    addresses,
    heldSends,
    repository,
    notifier,
    handlers,
    scanned,
    log,
  };
}

/** What the chain watcher (devnet events) and the deposit scanner (chains read through a node) call. */
function chainHandlers(parts: {
  deposits: DepositService;
  scannedDeposits: ScannedChainHandlers;
  scannedOnChain: (network: NetworkId) => NetworkId[];
  settlement: SettlementService;
  custody: (network: NetworkId) => Promise<void>;
}): { handlers: ChainEventHandlers; scanned: ScannedChainHandlers } {
  const { deposits, scannedDeposits, settlement, custody } = parts;
  const handlers: ChainEventHandlers = {
    incoming: (transaction) => deposits.record(transaction),
    outgoing: (transaction) => settlement.outgoing(transaction),
    async reconcile(network) {
      await deposits.reconcile(network);
      await settlement.reconcile(network);
      await custody(network);
    },
  };
  const scanned: ScannedChainHandlers = {
    ...scannedDeposits,
    // After each pass of the scanner, sends are brought up to date too (no events on these chains).
    async confirm(network, scannedHeight) {
      await scannedDeposits.confirm(network, scannedHeight);
      for (const each of parts.scannedOnChain(network)) {
        await settlement.reconcile(each);
        await custody(each);
      }
    },
  };
  return { handlers, scanned };
}

export type { Approval, ApprovalProof } from './approval.ts';
export type { ColdAddresses } from './chain-balances.ts';
export type { WalletNotifier } from './wallet-notifier.ts';
export { parseCustomerAmount } from './amounts.ts';
export { networkView, defaultLogo } from './wallet-view.ts';
export { walletRateLimits } from './rate-limits.ts';
export { ADDRESS_REFRESH_MS } from './addresses.ts';
export { HELD_SEND_GRACE_MS, HELD_SEND_POLL_MS } from './held-sends.ts';
