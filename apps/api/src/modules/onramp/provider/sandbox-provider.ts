// The sandbox on-ramp provider (ONRAMP_PROVIDER=sandbox, the default): it behaves like a hosted card
// widget. A session is a page Rora serves (GET /onramp/sandbox/{sessionId}); the customer enters a
// test card; the provider decides by the documented test cards (sandbox-cards.ts) and calls back
// the signed webhook (POST /webhooks/onramp) through the whole HTTP pipeline, retrying with backoff
// (5 s, 10 s, ... up to 1 h, 20 attempts) until it is answered 2xx. It prices with a 1.5 % fee.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OnrampDeclineCode } from '@rora/contracts';
import { FEE_ROUNDING, PAYOUT_ROUNDING, applyBps, mulDiv, scaleFactor } from '@rora/money';
import type { Db } from '@rora/db';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { OnrampEvent, OnrampProvider } from './onramp-provider.ts';
import { decideCard, type CardInput } from './sandbox-cards.ts';
import {
  claimDueDeliveries,
  decideSession,
  findSession,
  insertSession,
  markDelivered,
  markDeliveryFailed,
  type SandboxSession,
} from './sandbox.repository.ts';
import { ONRAMP_SIGNATURE_HEADER, signOnrampWebhook, verifyOnrampSignature } from './webhook-signature.ts';

export const SANDBOX_FEE_BPS = 150;
const MAX_ATTEMPTS = 20;
const PRICE_DECIMALS = 18;

/** How the sandbox reaches Rora's webhook route: answers the HTTP status. */
export type WebhookDeliverer = (delivery: { headers: Record<string, string>; body: string }) => Promise<number>;

export interface SandboxOnrampProvider extends OnrampProvider {
  /** The session as the widget page shows it; null when unknown. */
  session(id: string): Promise<SandboxSession | null>;
  /** The widget's card form: decides, then calls Rora's webhook. */
  pay(id: string, card: CardInput): Promise<{ status: 'approved' | 'declined'; declineCode: OnrampDeclineCode | null }>;
  /** Delivers decisions whose webhook was not answered yet and is due again. */
  runDue(): Promise<{ delivered: number; failed: number }>;
  connect(deliver: WebhookDeliverer): void;
}

const payloadSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.completed', 'payment.declined']),
  created: z.number().int(),
  data: z.object({
    sessionId: z.uuid(),
    externalReference: z.uuid(),
    asset: z.string().max(12),
    cryptoAmount: z.string().regex(/^\d{1,78}$/),
    fiatAmount: z.string().regex(/^\d{1,78}$/),
    fiatCurrency: z.string().max(3),
    declineCode: z.string().max(64).nullable(),
  }),
});

function webhookBody(session: SandboxSession, now: Date): string {
  return JSON.stringify({
    id: session.eventId,
    type: session.status === 'approved' ? 'payment.completed' : 'payment.declined',
    created: Math.floor(now.getTime() / 1000),
    data: {
      sessionId: session.id,
      externalReference: session.externalReference,
      asset: session.asset,
      cryptoAmount: session.cryptoAmount,
      fiatAmount: session.fiatAmount,
      fiatCurrency: session.fiatCurrency,
      declineCode: session.declineCode,
    },
  });
}

function readEvent(rawBody: Buffer): OnrampEvent {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('webhook_payload_invalid');
  }
  return {
    eventId: parsed.id,
    purchaseId: parsed.data.externalReference,
    outcome: parsed.type === 'payment.completed' ? 'completed' : 'declined',
    asset: parsed.data.asset,
    cryptoAmount: BigInt(parsed.data.cryptoAmount),
    declineCode: parsed.data.declineCode,
  };
}

/** Signs and delivers one decision's webhook; on no 2xx, schedules the next try (or gives up). */
async function deliverDecision(
  deps: { db: Db; clock: Clock; secret: string; deliver: WebhookDeliverer | null },
  session: SandboxSession,
): Promise<boolean> {
  const { db, clock, secret, deliver } = deps;
  const now = clock.now();
  const body = webhookBody(session, now);
  const signature = signOnrampWebhook({ secret, rawBody: body, now });
  const status = deliver
    ? await deliver({
        headers: { 'content-type': 'application/json', [ONRAMP_SIGNATURE_HEADER]: signature },
        body,
      }).catch(() => 0)
    : 0;
  if (status >= 200 && status < 300) {
    await markDelivered(db, session.id, clock.now());
    return true;
  }
  const attempts = session.deliveryAttempts + 1;
  const nextAt =
    attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + Math.min(5_000 * 2 ** (attempts - 1), 3_600_000));
  await markDeliveryFailed(db, session.id, nextAt);
  return false;
}

export function createSandboxOnrampProvider(deps: { db: Db; clock: Clock; secret: string }): SandboxOnrampProvider {
  const { db, clock, secret } = deps;
  let deliver: WebhookDeliverer | null = null;
  const send = (session: SandboxSession) => deliverDecision({ db, clock, secret, deliver }, session);

  return {
    id: 'sandbox',
    displayName: 'Rora Sandbox Pay',
    widgetOrigin: null,
    widgetMode: 'iframe',
    price({ assetScale, fiatAmount, usdPrice }) {
      const providerFee = applyBps(fiatAmount, SANDBOX_FEE_BPS, FEE_ROUNDING);
      const net = fiatAmount - providerFee;
      // net cents / 100 dollars, at usdPrice / 10^18 dollars per whole coin, in minor units.
      const cryptoAmount = mulDiv(net, scaleFactor(PRICE_DECIMALS + assetScale), usdPrice * 100n, PAYOUT_ROUNDING);
      return { providerFee, cryptoAmount };
    },
    async createSession(request) {
      const id = randomUUID();
      await insertSession(db, {
        id,
        externalReference: request.purchaseId,
        asset: request.asset,
        fiatCurrency: request.fiatCurrency,
        fiatAmount: request.fiatAmount.toString(),
        cryptoAmount: request.cryptoAmount.toString(),
        createdAt: clock.now(),
        expiresAt: request.expiresAt,
      });
      return { providerReference: id, url: `/api/v1/onramp/sandbox/${id}` };
    },
    readWebhook({ headers, rawBody, now }) {
      const signature = verifyOnrampSignature({ secret, header: headers[ONRAMP_SIGNATURE_HEADER], rawBody, now });
      return { event: readEvent(rawBody), signature };
    },
    session: (id) => findSession(db, id),
    async pay(id, card) {
      const existing = await findSession(db, id);
      if (!existing) throw new AppError('resource_not_found', { message: 'Payment session not found' });
      const now = clock.now();
      if (existing.status !== 'open' || existing.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('onramp_session_is_closed');
      }
      const decision = decideCard(card, now);
      const status = decision.outcome;
      const eventId = `evt_${randomUUID()}`;
      const decided = await decideSession(
        db,
        id,
        { status, cardLast4: decision.last4, declineCode: decision.declineCode, eventId },
        now,
      );
      if (!decided) throw new AppError('onramp_session_is_closed');
      await send(decided);
      return { status, declineCode: decision.declineCode };
    },
    async runDue() {
      let delivered = 0;
      let failed = 0;
      for (const session of await claimDueDeliveries(db, clock.now(), 100)) {
        if (await send(session)) delivered += 1;
        else failed += 1;
      }
      return { delivered, failed };
    },
    connect(next) {
      deliver = next;
    },
  };
}
