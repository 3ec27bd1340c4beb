// Every e-mail and SMS the API can send, each branch of its text at least once: the samples the
// template tests render in every language.
import { KYC_STATUSES } from '@rora/contracts';
import type { EmailParams, EmailTemplate, SmsTemplate } from './index.ts';

const LOAN_EVENTS: Array<EmailParams['loan_update']['event']> = [
  'funded',
  'repaid',
  'margin_call',
  'liquidated',
  'closed',
  'cancelled',
];

export const EMAILS: EmailTemplate[] = [
  { kind: 'verification_code', params: { code: '482913' } },
  { kind: 'email_taken', params: {} },
  { kind: 'password_reset_code', params: { code: '482913' } },
  { kind: 'password_reset_unknown', params: {} },
  { kind: 'password_changed', params: {} },
  { kind: 'two_factor_disabled', params: {} },
  { kind: 'sign_in_backoff_started', params: {} },
  ...KYC_STATUSES.map((status): EmailTemplate => ({
    kind: 'kyc_status_changed',
    params: {
      status,
      reasons:
        status === 'rejected'
          ? [
              { item: 'photo', code: 'document_image_is_blurred' },
              { item: 'id_card', code: 'id_card_is_expired' },
            ]
          : [],
    },
  })),
  ...(['above', 'below'] as const).map((condition): EmailTemplate => ({
    kind: 'price_alert',
    params: { symbol: 'BTC/USDT', condition, price: '61000.0', triggeredPrice: '61012.5', quote: 'USDT' },
  })),
  ...LOAN_EVENTS.flatMap((event) =>
    (['81.25', null] as const).map((ltvPercent): EmailTemplate => ({
      kind: 'loan_update',
      params: {
        event,
        role: 'borrower',
        asset: 'USDT',
        amount: '500',
        collateralAsset: 'BTC',
        collateralAmount: '0.02',
        ltvPercent,
      },
    })),
  ),
];
export const SMS: SmsTemplate[] = [
  { kind: 'verification_code', params: { code: '482913' } },
  { kind: 'password_reset_code', params: { code: '482913' } },
];
