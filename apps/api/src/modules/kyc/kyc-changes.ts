// The core every customer change of a KYC application goes through: one transaction holding the
// customer's row lock, the status change (if any) recorded with its time and actor, the customer
// told once it is committed, and the new state answered.
import type { KycItem, KycState, KycStatus } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createTurns } from '../../lib/turns.ts';
import * as repository from './kyc.repository.ts';
import type { KycLogger, KycNotifier, StatusChange } from './kyc-notifier.ts';
import { assertItemChangeable, assertTransition } from './kyc-state-machine.ts';
import { toKycState } from './kyc-view.ts';

export interface CustomerRequest {
  userId: string;
  log: KycLogger;
}

/** Answers the status to move to (or the same one) after changing the application inside `tx`. */
export type ChangeWork = (tx: Tx, status: KycStatus, now: Date) => Promise<KycStatus>;

export interface KycChangeDependencies {
  db: Db;
  clock: Clock;
  notifier: KycNotifier;
  providerName: string;
}

export function createKycChanges(deps: KycChangeDependencies) {
  const { db, clock, notifier } = deps;

  async function getState(userId: string): Promise<KycState> {
    const status = await repository.findCustomerStatus(db, userId);
    if (!status) throw new AppError('resource_not_found');
    const [application, documents] = await Promise.all([
      repository.findApplication(db, userId),
      repository.currentDocuments(db, userId),
    ]);
    return toKycState({ status, application, documents, providerName: deps.providerName });
  }

  // One change of a customer at a time in this process, queued before its transaction opens: twenty
  // changes of one customer at once each waited for the customer's row lock with a connection.
  const inTurn = createTurns<string>();

  /**
   * A change with a call outside before it is written (the submission to the identity provider):
   * `before` checks and calls holding no connection (a slow provider kept one per submission, and the
   * sandbox's, which stores through the pool, waited for another), then `work` writes in the
   * customer's locked transaction, given what `before` answered.
   */
  async function changeAfter<P>(
    request: CustomerRequest,
    before: () => Promise<P>,
    work: (tx: Tx, status: KycStatus, now: Date, prepared: P) => Promise<KycStatus>,
  ): Promise<KycState> {
    const { userId } = request;
    const changed = await inTurn(userId, async () => {
      const prepared = await before();
      return changeNow(request, (tx, status, now) => work(tx, status, now, prepared));
    });
    if (changed) await notifier.statusChanged(changed, request.log);
    return getState(userId);
  }

  const change = (request: CustomerRequest, work: ChangeWork) => changeAfter(request, async () => undefined, work);

  function changeNow(request: CustomerRequest, work: ChangeWork): Promise<StatusChange | null> {
    const { userId } = request;
    return db.transaction(async (tx): Promise<StatusChange | null> => {
      const customer = await repository.lockCustomer(tx, userId);
      if (!customer) throw new AppError('resource_not_found');
      const now = clock.now();
      const next = await work(tx, customer.status, now);
      if (next === customer.status) return null;
      assertTransition(customer.status, next);
      await repository.recordTransition(tx, {
        userId,
        from: customer.status,
        to: next,
        actor: 'customer',
        actorId: userId,
        now,
      });
      return { userId, email: customer.email, status: next, reasons: [] };
    });
  }

  return { getState, change, changeAfter };
}

export type KycChanges = ReturnType<typeof createKycChanges>;

/** Starts the application if needed, checks `item` may change now, and marks it fixed when it was rejected. */
export async function touchItem(
  tx: Tx,
  options: { userId: string; item: KycItem; status: KycStatus; now: Date },
): Promise<void> {
  const application = await repository.ensureApplication(tx, options.userId, options.now);
  assertItemChangeable(options.status, options.item, application.itemsToFix);
  if (options.status === 'rejected') {
    const items = application.itemsToFix.filter((item) => item !== options.item);
    await repository.setItemsToFix(tx, { userId: options.userId, items, now: options.now });
  }
}
