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

  // One change of a customer at a time in this process, queued before its transaction opens. Each
  // holds the customer's row lock, and a submission hands the application to the identity provider
  // under it (the sandbox's through the pool): twenty changes of one customer at once each waited for
  // that lock with a connection, and left the submission none to hand over with.
  const inTurn = createTurns<string>();

  async function change(request: CustomerRequest, work: ChangeWork): Promise<KycState> {
    const { userId } = request;
    const changed = await inTurn(userId, () => changeNow(request, work));
    if (changed) await notifier.statusChanged(changed, request.log);
    return getState(userId);
  }

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

  return { getState, change };
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
