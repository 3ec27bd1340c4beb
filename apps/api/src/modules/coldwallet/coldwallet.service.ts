// The cold wallet (spec §2, §7): move funds from the regular wallet into cold holdings ("create")
// and back ("withdraw"), with the same approval as a send (the PIN, or the authenticator code when
// withdrawal 2FA is on). A move is one ledger batch: the customer's leg (available <-> cold) and the
// house's (its hot and cold omnibus accounts), all or nothing, with the move's record.
import { randomUUID } from 'node:crypto';
import { NETWORK_IDS, NETWORKS } from '@rora/chains';
import type {
  ColdWallet,
  ColdWalletDetail,
  ColdWalletList,
  ColdWalletMove,
  ColdWalletMoveBody,
  PageQuery,
} from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Balances, type Ledger, type TransferInput } from '@rora/ledger';
import { assetScale, canonicalAssetSymbol, formatAmount, isMoneyError, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect, type OrphanedKey, type RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import { formatCents, toCents, usdValue, type AssetQuote, type PriceService } from '../prices/index.ts';
import { derivedId } from '../../lib/derived-id.ts';
import { defaultLogo, parseCustomerAmount, type Approval, type WalletNotifier } from '../wallets/index.ts';
import type { ColdMoveRow, ColdWalletRepository, ColdWalletRow } from './coldwallet.repository.ts';

export type ColdMoveInput = Omit<ColdWalletMoveBody, 'quantity'> & { quantity: string };

export interface ColdWalletService {
  list(userId: string): Promise<ColdWalletList>;
  get(userId: string, id: string, page: PageQuery): Promise<ColdWalletDetail>;
  /** `claimId`: the request's idempotency key, bound to the move in its transaction (ADR 0024). */
  move(userId: string, body: ColdMoveInput, claimId: string | null): Promise<ColdMoveAnswer>;
  /** The answer to a move whose request died after it committed: the move and the wallet now. */
  recover(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
}

type ColdMoveAnswer = { wallet: ColdWallet; move: ColdWalletMove };

export interface ColdWalletDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  prices: PriceService;
  approval: Approval;
  notifier: WalletNotifier;
  repository: ColdWalletRepository;
}

type Deps = ColdWalletDependencies;
type Direction = 'create' | 'withdraw';

/** Assets with a network: the ones a customer can hold. */
const ASSETS: readonly AssetSymbol[] = [...new Set(NETWORK_IDS.map((id) => NETWORKS[id].asset))];

function assetOf(symbol: string): AssetSymbol {
  try {
    const asset = canonicalAssetSymbol(symbol);
    if (ASSETS.includes(asset)) return asset;
  } catch (error) {
    if (!isMoneyError(error)) throw error;
  }
  const message = `There is no cold wallet for ${symbol.slice(0, 12)}`;
  throw new AppError('resource_not_found', { message, field: 'assetSymbol' });
}

function moveView(row: Pick<ColdMoveRow, 'id' | 'direction' | 'amount' | 'asset' | 'createdAt'>): ColdWalletMove {
  return {
    id: row.id,
    direction: row.direction,
    amount: formatAmount(BigInt(row.amount), assetScale(row.asset)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's leg and the house's, so hot and cold liabilities stay matched by coins. */
function legs(move: {
  id: string;
  userId: string;
  asset: AssetSymbol;
  amount: bigint;
  type: Direction;
}): TransferInput[] {
  const { id, asset, amount } = move;
  const available = { owner: move.userId, kind: 'available' as const };
  const cold = { owner: move.userId, kind: 'cold' as const };
  const house = { id: derivedId(id, 'house'), asset, amount };
  if (move.type === 'create') {
    return [
      { id, asset, amount, debit: available, credit: cold, code: 'cold_wallet_deposit' },
      { ...house, debit: { system: 'cold_omnibus' }, credit: { system: 'chain_omnibus' }, code: 'hot_to_cold' },
    ];
  }
  return [
    { id, asset, amount, debit: cold, credit: available, code: 'cold_wallet_withdrawal' },
    { ...house, debit: { system: 'chain_omnibus' }, credit: { system: 'cold_omnibus' }, code: 'cold_to_hot' },
  ];
}

async function context(deps: Deps, userId: string, on: Db | Tx = deps.db) {
  const [balances, quotes] = await Promise.all([deps.ledger.getBalances(on, userId), deps.prices.quoteMap()]);
  return { byAsset: new Map<string, Balances>(balances.map((b) => [b.asset, b])), quotes };
}

/** The exact dollar value of the cold holding (prices/valuation.ts). */
function coldValue(asset: string, balances: Balances | undefined, quote: AssetQuote | undefined): bigint {
  return quote?.usdPrice ? usdValue(balances?.cold ?? 0n, assetScale(asset), quote.usdPrice) : 0n;
}

function view(row: ColdWalletRow, balances: Balances | undefined, quote: AssetQuote | undefined): ColdWallet {
  const scale = assetScale(row.asset);
  return {
    id: row.id,
    assetSymbol: row.asset,
    name: quote?.name ?? row.asset,
    logo: quote?.logo ?? defaultLogo(row.asset),
    quantity: formatAmount(balances?.cold ?? 0n, scale),
    usdValue: formatCents(toCents(coldValue(row.asset, balances, quote))),
    available: formatAmount(balances?.available ?? 0n, scale),
  };
}

async function list(deps: Deps, userId: string): Promise<ColdWalletList> {
  const rows = await deps.repository.ensure(userId, ASSETS);
  const { byAsset, quotes } = await context(deps, userId);
  const order = (row: ColdWalletRow) => quotes.get(row.asset)?.sortOrder ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...rows].sort((a, b) => order(a) - order(b));
  const total = sorted.reduce(
    (sum, row) => sum + coldValue(row.asset, byAsset.get(row.asset), quotes.get(row.asset)),
    0n,
  );
  return {
    wallets: sorted.map((row) => view(row, byAsset.get(row.asset), quotes.get(row.asset))),
    totalBalance: formatCents(toCents(total)),
  };
}

async function get(deps: Deps, userId: string, id: string, { page, limit }: PageQuery): Promise<ColdWalletDetail> {
  const row = await deps.repository.findOwned(userId, id);
  if (!row) throw new AppError('resource_not_found', { message: 'Cold wallet not found' });
  const [{ byAsset, quotes }, moves] = await Promise.all([
    context(deps, userId),
    deps.repository.moves(row.id, { limit, offset: (page - 1) * limit }),
  ]);
  const wallet = view(row, byAsset.get(row.asset), quotes.get(row.asset));
  return { wallet, items: moves.rows.map(moveView), page, limit, total: moves.total };
}

async function transfer(
  deps: Deps,
  row: ColdWalletRow,
  order: { amount: bigint; type: Direction; claimId: string | null },
) {
  const { amount, type } = order;
  const move = {
    id: randomUUID(),
    coldWalletId: row.id,
    userId: row.userId,
    asset: row.asset as AssetSymbol,
    direction: type === 'create' ? ('to_cold' as const) : ('from_cold' as const),
    amount: String(amount),
    createdAt: deps.clock.now(),
  };
  try {
    await withTransaction(deps.db, async (tx) => {
      await deps.repository.insertMove(tx, move);
      await bindIdempotentEffect(tx, order.claimId, move.id);
      await deps.ledger.transferMany(tx, legs({ ...move, amount, type }));
    });
  } catch (error) {
    if (!isLedgerError(error, 'insufficient_balance')) throw error;
    const code = type === 'create' ? 'available_balance_must_cover_amount' : 'cold_balance_must_cover_amount';
    throw new AppError(code, { field: 'quantity' });
  }
  return move;
}

async function move(deps: Deps, userId: string, body: ColdMoveInput, claimId: string | null) {
  const asset = assetOf(body.assetSymbol);
  const amount = parseCustomerAmount(body.quantity, assetScale(asset), 'quantity');
  await deps.approval.verify(userId, body);
  const [row] = await deps.repository.ensure(userId, [asset]).then((rows) => rows.filter((r) => r.asset === asset));
  if (!row) throw new Error(`cold wallet for ${asset} missing after ensure`);
  const done = await transfer(deps, row, { amount, type: body.type, claimId });
  const shown = formatAmount(amount, assetScale(asset));
  const what = `${shown} ${asset}`;
  await deps.notifier.cold(userId, row.id, {
    kind: body.type === 'create' ? 'cold_wallet_deposit' : 'cold_wallet_withdrawal',
    text:
      body.type === 'create'
        ? `${what} moved into your cold wallet.`
        : `${what} moved from your cold wallet back to your wallet.`,
    data: { coldWalletId: row.id, moveId: done.id, asset, amount: shown },
  });
  const { byAsset, quotes } = await context(deps, userId);
  return { wallet: view(row, byAsset.get(asset), quotes.get(asset)), move: moveView(done) };
}

async function recover(deps: Deps, tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer> {
  const done = await deps.repository.findMove(tx, key.userId, key.effectId);
  // Reads on the transaction, which holds the key's lock (the prices still come through the pool).
  const row = done && (await deps.repository.findOwned(key.userId, done.coldWalletId, tx));
  if (!done || !row) throw new Error(`idempotency key of ${key.userId} bound to move ${key.effectId}, not theirs`);
  const { byAsset, quotes } = await context(deps, key.userId, tx);
  const data: ColdMoveAnswer = {
    wallet: view(row, byAsset.get(row.asset), quotes.get(row.asset)),
    move: moveView(done),
  };
  return { status: 200, body: { data } };
}

export function createColdWalletService(deps: ColdWalletDependencies): ColdWalletService {
  return {
    list: (userId) => list(deps, userId),
    get: (userId, id, page) => get(deps, userId, id, page),
    move: (userId, body, claimId) => move(deps, userId, body, claimId),
    recover: (tx, key) => recover(deps, tx, key),
  };
}
