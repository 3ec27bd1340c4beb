// The provider's webhook, applied once. The adapter verifies the signature and reads the event; then,
// in one transaction with the purchase locked: the exact signed delivery is recorded (the same one
// again is a replay, refused), and a pending (or expired) purchase is completed by crediting the coin
// from the outside world to the customer (onramp_purchase, transfer id = purchase id: once, ever) or
// failed with the decline code. An event about a settled purchase is a duplicate: answered, not
// applied. The customer is notified after commit, once.
import type { Db, Tx } from '@rora/db';
import { withTransaction, type Ledger } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { NOTIFY_GRACE_MS, hasNotificationAbout, type NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import {
  markNotified,
  lockPurchase,
  recordReceipt,
  setReceiptOutcome,
  settlePurchase,
  unnotifiedPurchases,
  type PurchaseRow,
} from './onramp.repository.ts';
import { purchaseMessage, purchaseParams } from './onramp-view.ts';
import type { OnrampService } from './onramp.service.ts';
import type { OnrampEvent, OnrampProvider, OnrampWebhookDelivery } from './provider/onramp-provider.ts';

/** What a settled purchase's notification is (purchaseMessage). */
const PURCHASE_KINDS = ['onramp_completed', 'onramp_failed'];

export interface WebhookLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WebhookResult {
  applied: boolean;
  duplicate: boolean;
}

export interface OnrampWebhooks {
  receive(delivery: Omit<OnrampWebhookDelivery, 'now'> & { log: WebhookLogger }): Promise<WebhookResult>;
  /** Sends the notifications a failure after commit left unsent; answers how many went out. */
  notifyPending(log: WebhookLogger): Promise<number>;
}

interface ApplyDeps {
  ledger: Ledger;
  clock: Clock;
  provider: OnrampProvider;
}

type Applied = WebhookResult & { row?: PurchaseRow };

/** The event's effect, in the caller's transaction, with the purchase locked. */
async function applyEvent(
  deps: ApplyDeps,
  tx: Tx,
  verified: { event: OnrampEvent; signature: string; log: WebhookLogger },
): Promise<Applied> {
  const { ledger, clock, provider } = deps;
  const { event, signature, log } = verified;
  const now = clock.now();
  const purchase = await lockPurchase(tx, provider.id, event.purchaseId);
  const receipt = { provider: provider.id, signature, eventId: event.eventId, purchaseId: purchase?.id ?? null, now };
  if (!(await recordReceipt(tx, receipt))) throw new AppError('webhook_replay_refused');
  if (!purchase) {
    log.warn({ eventId: event.eventId }, 'on-ramp webhook names no purchase of ours; ignored');
    return { applied: false, duplicate: false };
  }
  if (purchase.status === 'completed' || purchase.status === 'failed') {
    await setReceiptOutcome(tx, signature, 'duplicate');
    return { applied: false, duplicate: true };
  }
  let row: PurchaseRow;
  if (event.outcome === 'completed') {
    if (event.asset !== purchase.asset || event.cryptoAmount !== purchase.cryptoAmount) {
      log.error(
        { purchaseId: purchase.id, eventId: event.eventId },
        'on-ramp webhook amount differs from the purchase',
      );
      throw new AppError('webhook_payload_invalid');
    }
    await ledger.transfer(tx, {
      id: purchase.id,
      asset: purchase.asset as AssetSymbol,
      debit: { system: 'external_world' },
      credit: { owner: purchase.userId, kind: 'available' },
      amount: purchase.cryptoAmount,
      code: 'onramp_purchase',
      metadata: { provider: provider.id, purchaseId: purchase.id, eventId: event.eventId },
    });
    row = await settlePurchase(tx, purchase.id, { status: 'completed' }, now);
  } else {
    row = await settlePurchase(
      tx,
      purchase.id,
      { status: 'failed', reason: event.declineCode ?? 'card_declined' },
      now,
    );
  }
  await setReceiptOutcome(tx, signature, 'applied');
  return { applied: true, duplicate: false, row };
}

export function createOnrampWebhooks(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  provider: OnrampProvider;
  notifications: Pick<NotificationService, 'notify'>;
  events: EventBus;
  view: OnrampService['view'];
}): OnrampWebhooks {
  const { db, clock, provider } = deps;

  /**
   * Tells the customer once: the notification is sent unless one for this purchase exists, and only
   * then is the purchase marked notified. A claim taken first and given back on failure lost the
   * notification for good when the giving back failed too (the session ended, PostgreSQL
   * restarting) or the process died in between; now notifyPending finds the purchase unmarked.
   */
  async function announce(row: PurchaseRow): Promise<boolean> {
    if (
      !(await hasNotificationAbout(db, { userId: row.userId, field: 'purchaseId', id: row.id, kinds: PURCHASE_KINDS }))
    ) {
      const { kind, message } = purchaseMessage(row);
      await deps.notifications.notify(row.userId, { kind, message, data: purchaseParams(row) });
    }
    if (!(await markNotified(db, row.id, clock.now()))) return false;
    await deps.events.publish(topics.user(row.userId), { channel: 'onramp', type: 'updated', data: deps.view(row) });
    return true;
  }

  return {
    async receive({ headers, rawBody, log }) {
      let verified: ReturnType<OnrampProvider['readWebhook']>;
      try {
        verified = provider.readWebhook({ headers, rawBody, now: clock.now() });
      } catch (error) {
        if (error instanceof AppError) log.warn({ code: error.code }, 'on-ramp webhook refused');
        throw error;
      }
      const outcome = await withTransaction(db, (tx) => applyEvent(deps, tx, { ...verified, log })).catch(
        (error: unknown) => {
          if (error instanceof AppError) log.warn({ code: error.code }, 'on-ramp webhook refused');
          throw error;
        },
      );
      if ('row' in outcome && outcome.row) {
        await announce(outcome.row).catch((error: unknown) =>
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'on-ramp notification failed'),
        );
      }
      return { applied: outcome.applied, duplicate: outcome.duplicate };
    },

    async notifyPending(log) {
      let sent = 0;
      // Past the grace only: a purchase settled a moment ago is being announced by its webhook, and
      // two announcers at once could both find no notification and both send one.
      for (const row of await unnotifiedPurchases(db, 200, new Date(clock.now().getTime() - NOTIFY_GRACE_MS))) {
        try {
          if (await announce(row)) sent += 1;
        } catch (error) {
          log.warn({ purchaseId: row.id, err: error instanceof Error ? error.message : String(error) }, 'retry later');
        }
      }
      return sent;
    },
  };
}
