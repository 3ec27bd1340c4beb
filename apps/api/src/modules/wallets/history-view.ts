// A history row (ledger-history.repository.ts) as the wallet screens show it: what it was (a send, a
// fill, a swap, a stake...), how much the balance moved with the fee inside it, where it stands, and
// the source it links to. Amounts are in the asset's booked scale (@rora/money), as in the ledger.
import { explorerTransactionUrl, getNetwork, isNetworkId } from '@rora/chains';
import type { WalletTransaction, WalletTransactionType } from '@rora/contracts';
import { assetScale, formatAmount, mulDiv, scaleFactor } from '@rora/money';
import { formatBase, formatPrice, formatQuote, findMarket } from '../markets/index.ts';
import type { HistoryRow } from './ledger-history.repository.ts';
import { statusOfStage } from './transaction-view.ts';

const TYPE_OF_KIND: Record<string, WalletTransactionType> = {
  deposit: 'deposit',
  send: 'send',
  internal_send: 'internal_send',
  internal_receive: 'internal_receive',
  fill: 'trade',
  venue_order: 'trade',
  swap: 'swap',
  stake: 'stake',
  unstake: 'unstake',
  staking_reward: 'staking_reward',
  onramp_purchase: 'purchase',
  cold_wallet_deposit: 'cold_wallet',
  cold_wallet_withdrawal: 'cold_wallet',
};

function typeOf(kind: string): WalletTransactionType {
  if (kind.startsWith('loan_')) return 'loan';
  return TYPE_OF_KIND[kind] ?? 'adjustment';
}

function sourceOf(row: HistoryRow, type: WalletTransactionType): WalletTransaction['source'] {
  if (type === 'deposit') return { kind: 'deposit', id: row.id };
  if (type === 'send' || type === 'internal_send' || type === 'internal_receive') return { kind: 'send', id: row.id };
  if (type === 'trade') return { kind: 'order', id: row.order_id ?? row.id };
  if (type === 'swap') return { kind: 'swap', id: row.id };
  if (row.source_ref !== null) {
    const kind = type === 'loan' ? 'loan' : type === 'purchase' ? 'purchase' : 'stake';
    return { kind, id: row.source_ref };
  }
  return { kind: 'ledger', id: row.id };
}

function tradeOf(row: HistoryRow): WalletTransaction['trade'] {
  const market = row.pair === null ? undefined : findMarket(row.pair);
  if (!market || row.order_id === null || row.quantity === null || row.notional === null) return null;
  const quantity = BigInt(row.quantity);
  const notional = BigInt(row.notional);
  if (quantity === 0n) return null;
  // A fill has its price; a venue order's fills are shown together at their average.
  const price =
    row.price !== null ? BigInt(row.price) : mulDiv(notional, scaleFactor(market.baseScale), quantity, 'half-even');
  return {
    orderId: row.order_id,
    symbol: market.symbol,
    side: row.side === 'sell' ? 'sell' : 'buy',
    price: formatPrice(market, price),
    amount: formatBase(market, quantity),
    total: formatQuote(market, notional),
  };
}

function swapOf(row: HistoryRow): WalletTransaction['swap'] {
  if (row.from_asset === null || row.to_asset === null || row.from_amount === null || row.to_amount === null) {
    return null;
  }
  return {
    fromAsset: row.from_asset,
    toAsset: row.to_asset,
    fromAmount: formatAmount(BigInt(row.from_amount), assetScale(row.from_asset)),
    toAmount: formatAmount(BigInt(row.to_amount), assetScale(row.to_asset)),
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function chainFields(row: HistoryRow) {
  const network = row.network !== null && isNetworkId(row.network) ? getNetwork(row.network) : null;
  const stage = row.kind === 'deposit' && row.stage === 'pending' ? 'mempool' : (row.stage ?? row.kind);
  return {
    networkId: network?.id ?? null,
    stage,
    confirmations: row.confirmations ?? 0,
    requiredConfirmations:
      network === null || row.kind !== 'deposit' ? 0 : (row.required_confirmations ?? network.confirmations),
    txid: row.txid,
    explorerUrl: network !== null && row.txid ? explorerTransactionUrl(network.id, row.txid) : null,
  };
}

/** Booked rows are completed; the others say where their deposit, send or swap stands. */
function statusOf(row: HistoryRow): WalletTransaction['status'] {
  if (row.booked) return 'completed';
  if (row.kind === 'swap') return row.failure_reason === null ? 'pending' : 'failed';
  return statusOfStage(row.stage ?? 'pending');
}

export function historyView(row: HistoryRow): WalletTransaction {
  const type = typeOf(row.kind);
  const scale = assetScale(row.asset);
  const delta = BigInt(row.delta);
  return {
    id: row.id,
    walletId: row.wallet_id,
    type,
    direction: delta >= 0n ? 'in' : 'out',
    assetSymbol: row.asset,
    ...chainFields(row),
    amount: formatAmount(delta < 0n ? -delta : delta, scale),
    fee: formatAmount(BigInt(row.fee), scale),
    status: statusOf(row),
    counterparty: row.counterparty,
    destinationTag: row.destination_tag === null ? null : Number(row.destination_tag),
    failureReason: row.failure_reason,
    waitingReason: row.waiting_reason ?? null,
    createdAt: iso(row.created_at),
    completedAt: row.booked ? iso(row.completed_at ?? row.created_at) : null,
    source: sourceOf(row, type),
    trade: tradeOf(row),
    swap: swapOf(row),
  };
}
