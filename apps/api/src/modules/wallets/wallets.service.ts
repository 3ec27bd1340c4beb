// The customer's wallets (spec §7 Wallets): the list with its US dollar total, generating the missing
// wallets, the favourite switch, and each wallet's transactions page by page.
import { getNetwork, type NetworkId } from '@rora/chains';
import type { PageQuery, Wallet, WalletHistory, WalletList, WalletTransactions } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Balances, Ledger } from '@rora/ledger';
import { AppError } from '../../lib/errors.ts';
import { formatCents, toCents, type PriceService } from '../prices/index.ts';
import type { AddressBook } from './addresses.ts';
import { historyView } from './history-view.ts';
import type { LedgerHistoryRepository } from './ledger-history.repository.ts';
import { valueOf, walletView } from './wallet-view.ts';
import type { WalletRow, WalletsRepository } from './wallets.repository.ts';

export interface WalletsService {
  list(userId: string): Promise<WalletList>;
  generate(userId: string): Promise<WalletList>;
  setFavourite(userId: string, id: string, favourite: boolean | undefined): Promise<Wallet>;
  transactions(userId: string, walletId: string, page: PageQuery): Promise<WalletTransactions>;
  history(userId: string, page: PageQuery): Promise<WalletHistory>;
}

export function createWalletsService(deps: {
  db: Db;
  ledger: Ledger;
  prices: PriceService;
  wallets: WalletsRepository;
  history: LedgerHistoryRepository;
  addresses: AddressBook;
  networkCount: number;
  /** The contract a token network uses here (ChainRegistry.tokenContract). */
  tokenContract(network: NetworkId): string | null;
}): WalletsService {
  const { db, ledger, wallets } = deps;

  async function views(userId: string, rows: readonly WalletRow[]) {
    const [balances, quotes] = await Promise.all([ledger.getBalances(db, userId), deps.prices.quoteMap()]);
    const byAsset = new Map<string, Balances>(balances.map((balance) => [balance.asset, balance]));
    const order = (row: WalletRow) => quotes.get(row.asset)?.sortOrder ?? Number.MAX_SAFE_INTEGER;
    let value = 0n;
    const list = [...rows]
      .sort((a, b) => order(a) - order(b) || a.network.localeCompare(b.network))
      .map((row) => {
        const network = getNetwork(row.network);
        const context = {
          network,
          balances: byAsset.get(row.asset),
          quote: quotes.get(row.asset),
          tokenContract: deps.tokenContract(network.id),
        };
        value += valueOf(context.balances?.available ?? 0n, network, context.quote);
        return walletView(row, context);
      });
    // The exact sum rounded once, not a sum of rounded values (prices/valuation.ts).
    return { list, totalBalance: formatCents(toCents(value)) };
  }

  async function list(userId: string): Promise<WalletList> {
    const rows = await wallets.listByUser(userId);
    const { list: walletList, totalBalance } = await views(userId, rows);
    return { wallets: walletList, totalBalance, complete: rows.length >= deps.networkCount };
  }

  async function owned(userId: string, id: string): Promise<WalletRow> {
    const row = await wallets.findOwned(userId, id);
    if (!row) throw new AppError('resource_not_found', { message: 'Wallet not found' });
    return row;
  }

  return {
    list,

    async generate(userId) {
      await deps.addresses.generate(userId);
      return list(userId);
    },

    async setFavourite(userId, id, favourite) {
      const row = await wallets.setFavourite(userId, id, favourite);
      if (!row) throw new AppError('resource_not_found', { message: 'Wallet not found' });
      const [view] = (await views(userId, [row])).list;
      return view as Wallet;
    },

    async transactions(userId, walletId, { page, limit }) {
      const row = await owned(userId, walletId);
      const [
        {
          list: [wallet],
        },
        result,
      ] = await Promise.all([
        views(userId, [row]),
        deps.history.page({ userId, asset: row.asset }, { limit, offset: (page - 1) * limit }),
      ]);
      return { wallet: wallet as Wallet, items: result.rows.map(historyView), page, limit, total: result.total };
    },

    async history(userId, { page, limit }) {
      const result = await deps.history.page({ userId }, { limit, offset: (page - 1) * limit });
      return { items: result.rows.map(historyView), page, limit, total: result.total };
    },
  };
}
