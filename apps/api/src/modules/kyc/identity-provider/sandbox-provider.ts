// The default identity provider: an offline sandbox that behaves like a hosted one. `submit` files a
// check; `runDue` (called by a timer, or by a test after moving the clock) decides every check whose
// delay has passed by the rules of sandbox-rules.ts, then delivers a signed webhook through the
// transport and retries with backoff until it is answered 2xx.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { IdentityProvider, IdentitySubmission } from './identity-provider.ts';
import { sandboxSubmissionSchema, sandboxWebhookSchema, type SandboxWebhook } from './sandbox-payload.ts';
import { decideSandboxCheck, type SandboxDecision } from './sandbox-rules.ts';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

const { identitySandboxChecks } = schema;
const MAX_ATTEMPTS = 20;
const BATCH_SIZE = 20;
const MAX_BACKOFF_MS = 3_600_000;

/** Sends one webhook request and answers its HTTP status. */
export type WebhookTransport = (request: { headers: Record<string, string>; body: string }) => Promise<number>;

export interface SandboxIdentityProvider extends IdentityProvider {
  /** Where deliveries go; the API wires its own webhook route here when it starts. */
  connect(transport: WebhookTransport): void;
  /** Decides and delivers every due check; answers how many deliveries were accepted and failed. */
  runDue(): Promise<{ delivered: number; failed: number }>;
}

type CheckRow = typeof identitySandboxChecks.$inferSelect;

interface SandboxContext {
  db: Db;
  clock: Clock;
  secret: string;
  transport: () => WebhookTransport | null;
}

/**
 * Claims the checks that are due. A claimed check's due time moves forward by the retry backoff,
 * so a crash mid-delivery retries later and several processes never deliver the same check at once.
 */
async function claimDue({ db, clock }: SandboxContext): Promise<CheckRow[]> {
  const now = clock.now();
  const result = await db.execute<{ id: string }>(sql`
    UPDATE identity_sandbox_checks SET attempts = attempts + 1,
      due_at = ${now}::timestamptz + least(${MAX_BACKOFF_MS}, 5000 * power(2, attempts)) * interval '1 millisecond'
    WHERE id IN (
      SELECT id FROM identity_sandbox_checks
      WHERE delivered_at IS NULL AND due_at <= ${now} AND attempts < ${MAX_ATTEMPTS}
      ORDER BY due_at LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  if (result.rows.length === 0) return [];
  const ids = result.rows.map((row) => row.id);
  return db.select().from(identitySandboxChecks).where(inArray(identitySandboxChecks.id, ids));
}

/** The decision is taken once, at the first delivery attempt, and kept for the retries. */
async function decisionOf({ db, clock }: SandboxContext, check: CheckRow): Promise<SandboxDecision> {
  if (check.decision) return check.decision as unknown as SandboxDecision;
  const decision = decideSandboxCheck(sandboxSubmissionSchema.parse(check.submission));
  await db
    .update(identitySandboxChecks)
    .set({ decision: decision as unknown as Record<string, unknown>, decidedAt: clock.now() })
    .where(eq(identitySandboxChecks.id, check.id));
  return decision;
}

async function deliver(context: SandboxContext, check: CheckRow): Promise<boolean> {
  const { db, clock, secret } = context;
  const decision = await decisionOf(context, check);
  const now = clock.now();
  const payload: SandboxWebhook = {
    id: `evt_${check.id}`,
    type: 'verification.completed',
    created: Math.floor(now.getTime() / 1000),
    data: { checkId: check.id, reference: check.reference, ...decision },
  };
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signWebhook({ secret, rawBody: body, now }),
  };
  let error: string | null = null;
  try {
    const transport = context.transport();
    if (!transport) throw new Error('no webhook transport connected');
    const status = await transport({ headers, body });
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (cause) {
    error = cause instanceof Error ? cause.message.slice(0, 300) : 'delivery failed';
  }
  await db
    .update(identitySandboxChecks)
    .set(error ? { lastError: error } : { deliveredAt: clock.now(), lastError: null })
    .where(eq(identitySandboxChecks.id, check.id));
  return error === null;
}

export function createSandboxIdentityProvider(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  decisionDelayMs: number;
}): SandboxIdentityProvider {
  const { db, clock, secret } = deps;
  let transport: WebhookTransport | null = null;
  const context: SandboxContext = { db, clock, secret, transport: () => transport };

  return {
    id: 'sandbox',
    displayName: 'Rora Sandbox ID',
    connect(next) {
      transport = next;
    },
    async submit(submission: IdentitySubmission) {
      const id = randomUUID();
      const now = clock.now();
      const snapshot = {
        fullName: submission.identity.fullName,
        documents: submission.documents.map(({ kind, fileName }) => ({ kind, fileName })),
      };
      await db.insert(identitySandboxChecks).values({
        id,
        reference: submission.reference,
        submission: snapshot,
        createdAt: now,
        dueAt: new Date(now.getTime() + deps.decisionDelayMs),
      });
      return { providerCheckId: id };
    },
    readCallback({ headers, rawBody, now }) {
      const signature = verifyWebhookSignature({ secret, header: headers[SIGNATURE_HEADER], rawBody, now });
      let payload: SandboxWebhook;
      try {
        payload = sandboxWebhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new AppError('webhook_payload_invalid');
      }
      const { reference, outcome, reasons } = payload.data;
      return { signature, decision: { eventId: payload.id, reference, outcome, reasons } };
    },
    async runDue() {
      const counts = { delivered: 0, failed: 0 };
      for (const check of await claimDue(context)) {
        if (await deliver(context, check)) counts.delivered += 1;
        else counts.failed += 1;
      }
      return counts;
    },
  };
}
