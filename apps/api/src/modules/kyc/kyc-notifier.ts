// Tells the customer about every KYC status change: a notification (the bell, pushed live; the web
// app writes its text from the status and reasons, `message` is the English fallback) and an
// administrative e-mail in the customer's language, which the messaging service sends only when
// the customer has administrative e-mails on. Runs after the change is committed; a failure here is
// logged and never undoes the change.
import type { KycRejectionReason, KycStatus } from '@rora/contracts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';

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

const REASON_TEXT: Record<KycRejectionReason['code'], string> = {
  identity_details_do_not_match: 'your identity details do not match your documents',
  document_image_is_blurred: 'a photo is blurred',
  id_card_is_expired: 'your ID card has expired',
};

const ITEM_TEXT: Record<KycRejectionReason['item'], string> = {
  identity: 'identity details',
  proof_of_residence: 'proof of residence',
  id_card: 'photo of your ID',
  photo: 'photo of yourself',
  photo_with_id_card: 'selfie with your ID',
};

export function statusMessage(change: Pick<StatusChange, 'status' | 'reasons'>): { subject: string; text: string } {
  switch (change.status) {
    case 'in_progress':
      return {
        subject: 'Identity verification started',
        text: 'You started your identity verification. Finish the remaining steps to buy, sell and swap.',
      };
    case 'waiting_for_approval':
      return {
        subject: 'Identity documents received',
        text: 'We received your identity details and documents. We will let you know when they are checked.',
      };
    case 'resubmitted':
      return {
        subject: 'Corrected documents received',
        text: 'We received your corrections. We will let you know when they are checked.',
      };
    case 'approved':
      return { subject: 'Identity verified', text: 'Your identity is verified. You can now buy, sell and swap.' };
    case 'rejected': {
      const details = change.reasons.map((reason) => `${ITEM_TEXT[reason.item]}: ${REASON_TEXT[reason.code]}`);
      return {
        subject: 'Identity verification needs your attention',
        text: `We could not verify your identity (${details.join('; ')}). Please fix the rejected items and send them again.`,
      };
    }
    case 'not_started':
      return { subject: 'Identity verification', text: 'Your identity verification was reset.' };
  }
}

export function createKycNotifier(deps: { notifications: NotificationService; messaging: MessagingService }) {
  return {
    async statusChanged(change: StatusChange, log: KycLogger): Promise<void> {
      const { text } = statusMessage(change);
      const data = { status: change.status, reasons: change.reasons };
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
