// What the bell says, in the reader's language: a notification of a known kind is written from this
// feature's texts (`kinds.*`) and its params, amounts and prices in the reader's marks (lib/format); an
// unknown kind, or one stored before its kind carried params, shows the server's English `message`.
// Pure: the translate function is passed in.
import {
  PAIRS,
  readNotification,
  type KnownNotification,
  type Notification,
  type NotificationParams,
  type PairSymbol,
} from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { formatCoins, formatCount, formatPercent, formatPrice } from '../../../lib/format/numbers.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';

export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string;

/** `1,234.5 ETH` (at most 8 decimals, cut; `1 234,5 ETH` in French); null when not an amount of that asset. */
export function showAmount(text: string, asset: string, tag?: string): string | null {
  const scale = assetScale(asset);
  const parsed = tryParseAmount(text, scale);
  if (!parsed.ok) return null;
  return `${formatCoins(text, scale, tag)} ${asset}`;
}

/** A price as the exchange shows it, with the tick's decimals and the quote asset: `61,000.50 USDT`. */
export function showPrice(text: string, symbol: PairSymbol, tag?: string): string | null {
  const pair = PAIRS.find((item) => item.symbol === symbol);
  if (!pair || !tryParseAmount(text, assetScale(pair.quote), { rounding: 'half-even' }).ok) return null;
  return `${formatPrice(text, symbol, tag)} ${pair.quote}`;
}

type Values = Record<string, string | null>;

/** The values of a sentence, or null if one could not be shown (the message is shown instead). */
function complete(values: Values): Record<string, string> | null {
  return Object.values(values).every((value) => value !== null) ? (values as Record<string, string>) : null;
}

function priceAlert(params: NotificationParams<'price_alert'>, t: Translate, tag: string): string | null {
  const values = complete({
    symbol: params.symbol,
    price: showPrice(params.price, params.symbol, tag),
    lastPrice: showPrice(params.triggeredPrice, params.symbol, tag),
  });
  return values && t(`kinds.price_alert.${params.condition}`, values);
}

function kycStatus(params: NotificationParams<'kyc_status_changed'>, t: Translate): string {
  const reasons = params.reasons
    .map((reason) =>
      t('kinds.kyc.reason', {
        item: t(`kinds.kyc.items.${reason.item}`),
        reason: t(`kinds.kyc.reasons.${reason.code}`),
      }),
    )
    .join(t('kinds.kyc.separator'));
  return t(`kinds.kyc.${params.status}`, { reasons });
}

/** A P2P loan's step, written for the reader's part in it (borrower or lender). */
function loanStep(
  kind: string,
  params: NotificationParams<'loan_funded'>,
  write: (key: string, values: Values) => string | null,
  tag: string,
): string | null {
  const ltv = params.ltvBps === null ? '' : formatPercent(BigInt(params.ltvBps), {}, tag);
  return write(`${kind}_${params.role}`, {
    amount: showAmount(params.amount, params.asset, tag),
    collateral: showAmount(params.collateralAmount, params.collateralAsset, tag),
    ltv,
  });
}

/** An order filled in full: what was bought or sold, at what average price. */
function orderFilled(
  params: NotificationParams<'order_filled'>,
  write: (key: string, values: Values) => string | null,
  tag: string,
) {
  const base = params.symbol.split('/')[0] as string;
  return write(`order_filled.${params.side}`, {
    symbol: params.symbol,
    amount: showAmount(params.amount, base, tag),
    price: showPrice(params.averagePrice, params.symbol, tag),
  });
}

const DECLINES = new Set(['card_declined', 'insufficient_funds', 'card_not_supported']);

function known(notification: KnownNotification, t: Translate, tag: string): string | null {
  const write = (key: string, values: Values) => {
    const ready = complete(values);
    return ready && t(`kinds.${key}`, ready);
  };
  switch (notification.kind) {
    case 'price_alert':
      return priceAlert(notification.params, t, tag);
    case 'kyc_status_changed':
      return kycStatus(notification.params, t);
    case 'swap_completed': {
      const { fromAmount, fromAsset, toAmount, toAsset } = notification.params;
      return write('swap_completed', {
        given: showAmount(fromAmount, fromAsset, tag),
        received: showAmount(toAmount, toAsset, tag),
      });
    }
    case 'swap_failed': {
      const { fromAmount, fromAsset, toAsset } = notification.params;
      return write('swap_failed', { given: showAmount(fromAmount, fromAsset, tag), toAsset, fromAsset });
    }
    case 'onramp_completed':
      return write('onramp_completed', {
        amount: showAmount(notification.params.amount, notification.params.asset, tag),
      });
    case 'onramp_failed': {
      const { amount, asset, reason } = notification.params;
      const why = t(`kinds.onrampDeclines.${DECLINES.has(reason) ? reason : 'other'}`);
      return write('onramp_failed', { amount: showAmount(amount, asset, tag), reason: why });
    }
    case 'stake_matured':
    case 'stake_unstaked': {
      const { amount, asset, rewards } = notification.params;
      return write(notification.kind, {
        amount: showAmount(amount, asset, tag),
        rewards: showAmount(rewards, asset, tag),
      });
    }
    case 'cold_wallet_deposit':
    case 'cold_wallet_withdrawal':
      return write(notification.kind, {
        amount: showAmount(notification.params.amount, notification.params.asset, tag),
      });
    case 'loan_funded':
    case 'loan_repaid':
    case 'loan_margin_call':
    case 'loan_liquidated':
    case 'loan_closed':
    case 'loan_cancelled':
      return loanStep(notification.kind, notification.params, write, tag);
    case 'order_filled':
      return orderFilled(notification.params, write, tag);
    default: {
      const { amount, asset, networkName, confirmations } = notification.params;
      return write(notification.kind, {
        amount: showAmount(amount, asset, tag),
        asset,
        network: networkName,
        confirmations: formatCount(confirmations, tag),
      });
    }
  }
}

/**
 * The notification's text in the reader's language, its figures in the reader's marks (`tag`, the
 * page's language unless told), or its English message when that cannot be written.
 */
export function notificationText(notification: Notification, t: Translate, tag: string = currentLanguageTag()): string {
  const readable = readNotification(notification);
  return (readable && known(readable, t, tag)) ?? notification.message;
}
