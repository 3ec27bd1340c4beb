// `resend-failed-emails`, every minute: sends again the e-mails whose delivery failed (ADR 0074).
// Most non-security e-mails (KYC decisions, loan updates, price alerts) are sent from background work
// that moves on once the message is stored: without this a failed one stayed `failed` for good. Each
// message is claimed before it is sent (outbox.claimDue), so two workers never send one at once, and
// one whose worker died is sent when its lease ends: it may then go twice, never not at all.
import type { Db } from '@rora/db';
import type { JobDefinition } from '@rora/worker';
import type { Clock } from '../../lib/clock.ts';
import type { MailAdapter } from './delivery-adapters.ts';
import { leaseFrom, nextAttemptAfter } from './email-retry-policy.ts';
import type { ClaimedMessage, OutboxRepository, Settlement } from './outbox.repository.ts';
import { preferencesOf, wantsCategory } from './recipient-preferences.ts';

export const RESEND_FAILED_EMAILS_JOB = 'resend-failed-emails';
const SCHEDULE = '* * * * *';
/** Sends a run tries at most: a backlog drains over a few minutes rather than in one long job. */
const MAX_SENDS_PER_RUN = 100;

export interface ResendDependencies {
  db: Db;
  clock: Clock;
  outbox: OutboxRepository;
  mail: MailAdapter;
}

type Outcome = Settlement['status'];

export async function resendFailedEmails(deps: ResendDependencies): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { sent: 0, failed: 0, abandoned: 0, suppressed: 0 };
  for (let tried = 0; tried < MAX_SENDS_PER_RUN; tried += 1) {
    const now = deps.clock.now();
    const message = await deps.outbox.claimDue({ now, leaseUntil: leaseFrom(now) });
    if (!message) break;
    const outcome = await resend(deps, message);
    counts[outcome] += 1;
    // The server is most likely still down: the others wait for the next run rather than each
    // wait out a connection timeout now. The one that failed is due later, so it does not block them.
    if (outcome === 'failed' || outcome === 'abandoned') break;
  }
  return counts;
}

async function resend(deps: ResendDependencies, message: ClaimedMessage): Promise<Outcome> {
  const { outbox, clock } = deps;
  // The preference of now, not of when the message was written: a category switched off meanwhile is not sent.
  if (!wantsCategory(await preferencesOf(deps.db, message), message.category)) {
    await outbox.settle(message, { status: 'suppressed' });
    return 'suppressed';
  }
  try {
    await deps.mail.send({ to: message.to, subject: message.subject, text: message.text });
  } catch {
    const nextAttemptAt = nextAttemptAfter(clock.now(), message.attempts);
    await outbox.settle(message, nextAttemptAt ? { status: 'failed', nextAttemptAt } : { status: 'abandoned' });
    return nextAttemptAt ? 'failed' : 'abandoned';
  }
  await outbox.settle(message, { status: 'sent', at: clock.now() });
  return 'sent';
}

export function createMessagingJobs(deps: ResendDependencies): JobDefinition[] {
  return [
    {
      name: RESEND_FAILED_EMAILS_JOB,
      schedule: SCHEDULE,
      async run({ log }) {
        const counts = await resendFailedEmails(deps);
        if (counts.abandoned > 0) log.warn({ abandoned: counts.abandoned }, 'gave up sending an e-mail after a day');
        return counts;
      },
    },
  ];
}
