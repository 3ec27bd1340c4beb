// What each kind of notification says, as data (its `data` field), so the web app writes it in the
// reader's language from its own texts: the server's English `message` is only the fallback, for a
// kind the app does not know and for a notification stored before its kind carried these params.
// Amounts and prices are decimal strings as the API sends them (never JSON numbers).
import { z as zod } from 'zod';
import { isAssetSymbol } from '@rora/money';
import { PAIRS, type PairSymbol } from '../constants/index.ts';
import { KYC_STATUSES, kycRejectionReasonSchema } from '../kyc.ts';
import { ALERT_CONDITIONS } from '../markets.ts';

const decimal = zod.string().regex(/^(0|[1-9]\d{0,39})(\.\d{1,36})?$/);
const asset = zod.string().refine(isAssetSymbol);
const id = zod.string().min(1).max(100);
const pairSymbols = PAIRS.map((pair) => pair.symbol) as [PairSymbol, ...PairSymbol[]];

/** A deposit or a send at one of its steps (wallets): the amount, its network and what it waits for. */
const walletStepParams = zod.object({
  walletId: id,
  transactionId: id,
  /** Network id (`btc`, `usdt-erc20`) and its name as people know it (`Bitcoin`): a proper noun. */
  network: zod.string(),
  networkName: zod.string(),
  asset,
  amount: decimal,
  /** Confirmations the network needs before a deposit is credited or a send completes. */
  confirmations: zod.number().int().nonnegative(),
  /** Why a send or deposit failed: an error code, or null. */
  reason: zod.string().nullable(),
});

const coldMoveParams = zod.object({ coldWalletId: id, moveId: id, asset, amount: decimal });
/** A stake that ended: its principal and the rewards paid with it. */
const stakeEndParams = zod.object({ stakeId: id, asset, amount: decimal, rewards: decimal });

/**
 * A P2P loan at one of its steps (lending): the loan and its collateral; `ltvBps` the loan-to-value
 * that triggered a margin call or a liquidation (null otherwise); `role` the reader's part in it.
 */
const loanStepParams = zod.object({
  loanId: id,
  role: zod.enum(['borrower', 'lender']),
  asset,
  amount: decimal,
  collateralAsset: asset,
  collateralAmount: decimal,
  ltvBps: zod.number().int().nullable(),
});

/** An order on Rora's book filled in full: what it bought or sold, at what average price, for what total. */
const orderFilledParams = zod.object({
  orderId: id,
  symbol: zod.enum(pairSymbols),
  side: zod.enum(['buy', 'sell']),
  /** Base asset filled. */
  amount: decimal,
  /** Quote per base unit, averaged over the fills. */
  averagePrice: decimal,
  /** Quote paid (buy) or received (sell), before fees. */
  total: decimal,
});

export const notificationParamsSchemas = {
  /** A price alert fired: `symbol` went `condition` `price`; the last price was `triggeredPrice`. */
  price_alert: zod.object({
    alertId: id,
    symbol: zod.enum(pairSymbols),
    condition: zod.enum(ALERT_CONDITIONS),
    price: decimal,
    triggeredPrice: decimal,
  }),
  kyc_status_changed: zod.object({ status: zod.enum(KYC_STATUSES), reasons: zod.array(kycRejectionReasonSchema) }),
  swap_completed: zod.object({ swapId: id, fromAsset: asset, fromAmount: decimal, toAsset: asset, toAmount: decimal }),
  swap_failed: zod.object({ swapId: id, fromAsset: asset, fromAmount: decimal, toAsset: asset }),
  onramp_completed: zod.object({ purchaseId: id, asset, amount: decimal }),
  stake_matured: stakeEndParams,
  stake_unstaked: stakeEndParams,
  /** `reason`: the card's decline code (card_declined, insufficient_funds, card_not_supported, ...). */
  onramp_failed: zod.object({ purchaseId: id, asset, amount: decimal, reason: zod.string() }),
  wallet_deposit_pending: walletStepParams,
  wallet_deposit_credited: walletStepParams,
  wallet_deposit_failed: walletStepParams,
  wallet_send_held: walletStepParams,
  wallet_send_broadcast: walletStepParams,
  wallet_send_completed: walletStepParams,
  wallet_send_failed: walletStepParams,
  wallet_internal_received: walletStepParams,
  cold_wallet_deposit: coldMoveParams,
  cold_wallet_withdrawal: coldMoveParams,
  loan_funded: loanStepParams,
  loan_repaid: loanStepParams,
  loan_margin_call: loanStepParams,
  loan_liquidated: loanStepParams,
  loan_closed: loanStepParams,
  loan_cancelled: loanStepParams,
  order_filled: orderFilledParams,
} as const;

export type NotificationKind = keyof typeof notificationParamsSchemas;
export const NOTIFICATION_KINDS = Object.keys(notificationParamsSchemas) as NotificationKind[];
export type NotificationParams<K extends NotificationKind = NotificationKind> = zod.infer<
  (typeof notificationParamsSchemas)[K]
>;

/** A notification of a known kind with its params checked, discriminated by `kind`. */
export type KnownNotification = {
  [K in NotificationKind]: { kind: K; params: NotificationParams<K> };
}[NotificationKind];

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(notificationParamsSchemas, kind);
}

/**
 * The kind and params of a notification, or null when the kind is unknown or its `data` does not
 * carry the params (a notification stored before they existed): then show its `message`.
 */
export function readNotification(notification: { kind: string; data: unknown }): KnownNotification | null {
  if (!isNotificationKind(notification.kind)) return null;
  const parsed = notificationParamsSchemas[notification.kind].safeParse(notification.data);
  return parsed.success ? ({ kind: notification.kind, params: parsed.data } as KnownNotification) : null;
}
