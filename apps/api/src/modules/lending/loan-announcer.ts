// Tells the borrower and the lender about a loan step once it is committed: a notification (the
// bell; the web app writes its text from the params), an e-mail in their language (administrative
// category, so it honours their settings), and the loan as each of them sees it on their WebSocket
// topic. Each notification names its event, and a party who has it is not told again; the event is
// marked notified only once everyone was. So a sending the database broke off midway (a session
// ended, PostgreSQL restarting, the process killed) is resumed by the risk sweep for those not yet
// told: a claim taken first and given back on failure told the first party twice, and lost the
// rest when the giving back failed too. Two callers at the same instant (the step's request and the
// sweep) could still both tell a party; the sweep runs seconds apart, the request within a moment.
import type { LoanEventType, NotificationParams } from '@rora/contracts';
import type { Db } from '@rora/db';
import { assetScale, formatAmount, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import type { MessagingService } from '../messaging/index.ts';
import { hasNotificationAbout, type NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import {
  emailOf,
  eventsOf,
  findLoan,
  isNotified,
  markNotified,
  type LoanEventRow,
  type LoanRow,
} from './lending.repository.ts';
import { LOAN_MESSAGES, loanView, type ViewContext } from './loan-view.ts';

type Announced = Exclude<LoanEventType, 'requested'>;
type Role = 'borrower' | 'lender';

/** Who hears of each step. */
const AUDIENCE: Record<Announced, readonly Role[]> = {
  funded: ['borrower', 'lender'],
  repaid: ['borrower', 'lender'],
  margin_call: ['borrower'],
  liquidated: ['borrower', 'lender'],
  closed: ['borrower', 'lender'],
  cancelled: ['borrower'],
};

export interface LoanAnnouncer {
  /** The loan as its borrower and lender now see it, on their WebSocket topics. */
  publish(loan: LoanRow): Promise<void>;
  /** Sends a committed event's notifications once; false when another caller already did. */
  announce(event: LoanEventRow): Promise<boolean>;
}

export function createLoanAnnouncer(deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationService, 'notify'>;
  messaging: Pick<MessagingService, 'email'>;
  events: EventBus;
  context: (viewerId: string) => Promise<ViewContext>;
}): LoanAnnouncer {
  const { db, clock } = deps;

  async function publish(loan: LoanRow): Promise<void> {
    const viewers = [loan.borrowerId, loan.lenderId].filter(
      (viewer): viewer is string => viewer !== null && deps.events.wants(topics.user(viewer)),
    );
    if (viewers.length === 0) return;
    const timeline = (await eventsOf(db, [loan.id])).get(loan.id) ?? [];
    for (const viewer of viewers) {
      const data = loanView(loan, timeline, await deps.context(viewer));
      await deps.events.publish(topics.user(viewer), { channel: 'loans', type: 'updated', data });
    }
  }

  async function tell(loan: LoanRow, event: LoanEventRow & { type: Announced }, role: Role): Promise<void> {
    const userId = role === 'borrower' ? loan.borrowerId : loan.lenderId;
    if (!userId || (await hasNotificationAbout(db, { userId, field: 'eventId', id: event.id }))) return;
    const amount = formatAmount(loan.principal, assetScale(loan.asset as AssetSymbol));
    const collateralAmount = formatAmount(loan.collateral, assetScale(loan.collateralAsset as AssetSymbol));
    const params: NotificationParams<'loan_funded'> = {
      loanId: loan.id,
      role,
      asset: loan.asset as AssetSymbol,
      amount,
      collateralAsset: loan.collateralAsset as AssetSymbol,
      collateralAmount,
      ltvBps: event.ltvBps,
    };
    await deps.notifications.notify(userId, {
      kind: `loan_${event.type}`,
      message: LOAN_MESSAGES[event.type],
      data: { ...params, eventId: event.id },
    });
    const to = await emailOf(db, userId);
    if (!to) return;
    const ltvPercent =
      event.ltvBps === null ? null : formatAmount(BigInt(event.ltvBps), 2, { decimals: 2, rounding: 'down' });
    await deps.messaging.email({
      to,
      userId,
      category: 'administrative',
      template: { kind: 'loan_update', params: { event: event.type, ...params, ltvPercent } },
    });
  }

  return {
    publish,
    async announce(event) {
      if (event.type === 'requested' || !event.notify) return false;
      if (await isNotified(db, event.id)) return false;
      const loan = await findLoan(db, event.loanId);
      if (!loan) throw new Error(`loan event ${event.id} has no loan`);
      for (const role of AUDIENCE[event.type]) await tell(loan, { ...event, type: event.type }, role);
      return markNotified(db, event.id, clock.now());
    },
  };
}
