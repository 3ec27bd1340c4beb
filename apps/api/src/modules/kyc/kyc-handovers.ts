// A submission's hand-over to the identity provider across replicas (migration 0104). The call to
// the provider runs in no transaction (ADR 0064), so the per-process queue of kyc-changes.ts cannot
// stop another replica sending the same customer's application meanwhile: both reached the provider,
// two checks for one application. A hand-over is claimed first, one live claim per customer, and
// closed when the submission is recorded or given up; a claim whose process died lapses.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { KycStatus } from '@rora/contracts';
import { schema, type Db, type Tx } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import * as repository from './kyc.repository.ts';

const { kycHandovers } = schema;

/**
 * How long a claim stands. Longer than any provider call (a slower one is given up at its record);
 * a customer whose submission's process died waits this long before sending again.
 */
export const HANDOVER_LAPSE_MS = 2 * 60_000;

/** Neither recorded nor given up (it may have lapsed). */
const unclosed = () => and(isNull(kycHandovers.recordedAt), isNull(kycHandovers.givenUpAt));
const open = (reference: string) => and(eq(kycHandovers.reference, reference), unclosed());

/**
 * Claims the customer's hand-over under their lock: refused while another one is live. `check`
 * reads what is handed over and checks the rule under the same lock, so a submission another
 * replica recorded since (its claim closed) is refused here, before the provider sees it again.
 */
export async function claimHandover<T>(
  db: Db,
  options: { userId: string; reference: string; now: Date },
  check: (tx: Tx, status: KycStatus) => Promise<T>,
): Promise<T> {
  const { userId, reference, now } = options;
  return db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, userId);
    if (!customer) throw new AppError('resource_not_found');
    const [live] = await tx
      .select({ reference: kycHandovers.reference })
      .from(kycHandovers)
      .where(and(eq(kycHandovers.userId, userId), unclosed(), gt(kycHandovers.lapsesAt, now)));
    if (live) throw new AppError('kyc_submission_in_progress');
    const checked = await check(tx, customer.status);
    await tx.insert(kycHandovers).values({
      reference,
      userId,
      startedAt: now,
      lapsesAt: new Date(now.getTime() + HANDOVER_LAPSE_MS),
    });
    return checked;
  });
}

/** Closes a claim as recorded, in the recording transaction; false if it lapsed or was given up. */
export async function recordHandover(tx: Tx, options: { reference: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(kycHandovers)
    .set({ recordedAt: options.now })
    .where(and(open(options.reference), gt(kycHandovers.lapsesAt, options.now)))
    .returning({ reference: kycHandovers.reference });
  return rows.length === 1;
}

/** Closes a claim whose submission was not recorded (refused, failed, or too slow), if still open. */
export async function giveUpHandover(db: Db | Tx, options: { reference: string; now: Date }): Promise<void> {
  await db.update(kycHandovers).set({ givenUpAt: options.now }).where(open(options.reference));
}

/**
 * The application a provider's decision is about, or null for a hand-over that was never recorded
 * (given up, or its process died) or whose submission a later one replaced: such a decision is
 * recorded and ignored. A reference Rora never claimed, or one still being handed over, is
 * `webhook_reference_unknown`: the provider delivers it again later. The hand-over's row is read
 * first and locked (decisions on one reference take turns): a record in progress (which updates it)
 * is waited for, so its application is read after it commits; a record that starts later waits for
 * this decision, which then saw the claim open. Read the other way round, a record committing
 * between the two reads made a decision on a recorded submission look like one given up: taken,
 * ignored, and never delivered again.
 */
export async function applicationOfDecision(
  tx: Tx,
  options: { reference: string; now: Date },
): Promise<repository.ApplicationRow | null> {
  const { reference, now } = options;
  const [handover] = await tx
    .select()
    .from(kycHandovers)
    .where(eq(kycHandovers.reference, reference))
    .for('no key update');
  const application = await repository.findApplicationByReference(tx, reference);
  if (application) return application;
  if (!handover) throw new AppError('webhook_reference_unknown');
  // Recorded and replaced by a later submission, or given up.
  if (handover.recordedAt !== null || handover.givenUpAt !== null) return null;
  if (handover.lapsesAt > now) throw new AppError('webhook_reference_unknown');
  // Its process died: given up under the lock, so a record arriving late finds it closed.
  await giveUpHandover(tx, options);
  return null;
}
