// Tells the customer about every KYC status change: a notification (the bell, pushed live; the web
// app writes its text from the status and reasons, `message` is the English fallback) and an
// administrative e-mail in the customer's language, which the messaging service sends only when
// the customer has administrative e-mails on. Runs after the change is committed; a failure here is
// logged and never undoes the change.
import type { KycRejectionReason, KycStatus } from '@rora/contracts';
import { renderEmail, type MessagingService } from '../messaging/index.ts';
import type { NotificationService } from '../notifications/index.ts';

export interface KycLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface StatusChange {
  userId: string;
  email: string;
  status: KycStatus;
  reasons: KycRejectionReason[];
}

export function createKycNotifier(deps: { notifications: NotificationService; messaging: MessagingService }) {
  return {
    async statusChanged(change: StatusChange, log: KycLogger): Promise<void> {
      const data = { status: change.status, reasons: change.reasons };
      // The English fallback of the notification is the English e-mail's text: one wording of it.
      const { text } = renderEmail({ kind: 'kyc_status_changed', params: data }, 'en');
      try {
        await deps.notifications.notify(change.userId, { kind: 'kyc_status_changed', message: text, data });
      } catch (error) {
        log.error({ err: error, userId: change.userId, status: change.status }, 'KYC notification failed');
      }
      try {
        await deps.messaging.email({
          to: change.email,
          userId: change.userId,
          category: 'administrative',
          template: { kind: 'kyc_status_changed', params: data },
        });
      } catch (error) {
        log.warn({ code: (error as { code?: string }).code, userId: change.userId }, 'KYC status e-mail failed');
      }
    },
  };
}

export type KycNotifier = ReturnType<typeof createKycNotifier>;
