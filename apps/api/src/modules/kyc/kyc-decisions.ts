// Applies the identity provider's decisions, read from its verified webhook. An event takes effect
// at most once; the very same signed delivery twice is a replay and is refused; a decision about a
// submission that is no longer the one under review (a late or stray event) is recorded and ignored.
import { createHash } from 'node:crypto';
import { KYC_ITEMS, type KycRejectionReason, type KycStatus } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { IdentityProvider, VerifiedCallback, WebhookDelivery } from './identity-provider/identity-provider.ts';
import * as repository from './kyc.repository.ts';
import { applicationOfDecision } from './kyc-handovers.ts';
import type { KycLogger, KycNotifier, StatusChange } from './kyc-notifier.ts';
import { assertTransition } from './kyc-state-machine.ts';

const UNDER_REVIEW: readonly KycStatus[] = ['waiting_for_approval', 'resubmitted'];

export interface DecisionResult {
  /** The decision changed the customer's status. */
  applied: boolean;
  /** The event had already been received (the provider delivered it again). */
  duplicate: boolean;
}

export function createKycDecisions(deps: { db: Db; clock: Clock; provider: IdentityProvider; notifier: KycNotifier }) {
  const { db, clock, provider } = deps;

  async function apply(options: { callback: VerifiedCallback; log: KycLogger }): Promise<DecisionResult> {
    const { decision, signature } = options.callback;
    const signatureHash = createHash('sha256').update(signature).digest();
    const outcome = await db.transaction(async (tx): Promise<DecisionResult & { change?: StatusChange }> => {
      const now = clock.now();
      const receipt = await repository.recordWebhookReceipt(tx, {
        provider: provider.id,
        eventId: decision.eventId,
        signatureHash,
        now,
      });
      if (receipt === 'replay') throw new AppError('webhook_replay_refused');
      if (receipt === 'redelivery') return { applied: false, duplicate: true };

      // Unknown or still being recorded: refused (the event not recorded), the provider delivers it
      // again later. A submission that was never recorded, or was replaced: recorded and ignored.
      const application = await applicationOfDecision(tx, { reference: decision.reference, now });
      if (!application) {
        options.log.warn(
          { eventId: decision.eventId },
          'identity decision ignored: its submission is not the one on record',
        );
        return { applied: false, duplicate: false };
      }
      const customer = await repository.lockCustomer(tx, application.userId);
      const current = await repository.findApplicationByReference(tx, decision.reference);
      if (!customer || !current || !UNDER_REVIEW.includes(customer.status)) {
        options.log.warn(
          { eventId: decision.eventId, status: customer?.status ?? null },
          'identity decision ignored: no submission under review',
        );
        return { applied: false, duplicate: false };
      }
      // A rejection names what to fix; one that names nothing sends everything back.
      const reasons: KycRejectionReason[] = decision.outcome === 'rejected' ? decision.reasons : [];
      const to: KycStatus = decision.outcome;
      assertTransition(customer.status, to);
      await repository.markDecided(tx, { userId: application.userId, outcome: decision.outcome, reasons, now });
      if (decision.outcome === 'rejected' && reasons.length === 0) {
        await repository.setItemsToFix(tx, { userId: application.userId, items: [...KYC_ITEMS], now });
      }
      await repository.recordTransition(tx, {
        userId: application.userId,
        from: customer.status,
        to,
        actor: 'identity_provider',
        actorId: provider.id,
        reasons,
        now,
      });
      return {
        applied: true,
        duplicate: false,
        change: { userId: application.userId, email: customer.email, status: to, reasons },
      };
    });
    if (outcome.change) await deps.notifier.statusChanged(outcome.change, options.log);
    return { applied: outcome.applied, duplicate: outcome.duplicate };
  }

  /** Verifies a webhook delivery with the provider adapter and applies it; refusals are logged. */
  async function receive(options: Omit<WebhookDelivery, 'now'> & { log: KycLogger }): Promise<DecisionResult> {
    try {
      const callback = provider.readCallback({ headers: options.headers, rawBody: options.rawBody, now: clock.now() });
      return await apply({ callback, log: options.log });
    } catch (error) {
      if (isAppError(error)) options.log.warn({ code: error.code, provider: provider.id }, 'identity webhook refused');
      throw error;
    }
  }

  return { apply, receive };
}

export type KycDecisions = ReturnType<typeof createKycDecisions>;
