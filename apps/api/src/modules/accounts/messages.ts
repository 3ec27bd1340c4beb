// The e-mails and SMS of the accounts context, as templates the messaging service writes in the
// reader's language (modules/messaging/templates). All are `security` messages: they go out
// whatever the customer's notification preferences are.
import type { EmailTemplate, MessagingService, SmsTemplate } from '../messaging/index.ts';

export type AccountMessaging = Pick<MessagingService, 'email' | 'sms'>;

export const accountMessages = {
  emailCode: (code: string): EmailTemplate => ({ kind: 'verification_code', params: { code } }),
  emailTaken: (): EmailTemplate => ({ kind: 'email_taken', params: {} }),
  phoneCode: (code: string): SmsTemplate => ({ kind: 'verification_code', params: { code } }),
  resetCode: (code: string): EmailTemplate => ({ kind: 'password_reset_code', params: { code } }),
  resetSmsCode: (code: string): SmsTemplate => ({ kind: 'password_reset_code', params: { code } }),
  resetUnknown: (): EmailTemplate => ({ kind: 'password_reset_unknown', params: {} }),
  passwordChanged: (): EmailTemplate => ({ kind: 'password_changed', params: {} }),
  twoFactorDisabled: (): EmailTemplate => ({ kind: 'two_factor_disabled', params: {} }),
  signInBackoffStarted: (): EmailTemplate => ({ kind: 'sign_in_backoff_started', params: {} }),
};
