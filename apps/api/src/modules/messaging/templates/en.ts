// English e-mails and SMS.
import type { KycRejectionReason } from '@rora/contracts';
import { numbersIn } from './numbers.ts';
import type { MessageTexts } from './template-types.ts';

const n = numbersIn('en');

const ignore = 'If you did not ask for this, you can ignore this message.';

const ITEMS: Record<KycRejectionReason['item'], string> = {
  identity: 'identity details',
  proof_of_residence: 'proof of residence',
  id_card: 'photo of your ID',
  photo: 'photo of yourself',
  photo_with_id_card: 'selfie with your ID',
};

const REASONS: Record<KycRejectionReason['code'], string> = {
  identity_details_do_not_match: 'your identity details do not match your documents',
  document_image_is_blurred: 'a photo is blurred',
  id_card_is_expired: 'your ID card has expired',
};

export const en: MessageTexts = {
  email: {
    verification_code: ({ code }) => ({
      subject: 'Your Rora verification code',
      text: `Your Rora verification code is ${code}. It expires in 10 minutes. ${ignore}`,
    }),
    email_taken: () => ({
      subject: 'Sign-up attempt with your email',
      text:
        'Someone tried to create a Rora account with this email, but an account already exists. ' +
        'If it was you, log in, or reset your password if you have forgotten it. ' +
        ignore,
    }),
    password_reset_code: ({ code }) => ({
      subject: 'Your Rora password reset code',
      text: `Your Rora password reset code is ${code}. It expires in 10 minutes. ${ignore}`,
    }),
    password_reset_unknown: () => ({
      subject: 'Password reset request',
      text:
        'Someone asked to reset the password of a Rora account with this email, but there is no account ' +
        'with this address. If it was you, check the address or create an account. ' +
        ignore,
    }),
    password_changed: () => ({
      subject: 'Your Rora password was changed',
      text:
        'The password of your Rora account was just changed and your other sessions were signed out. ' +
        'If this was not you, reset your password now and contact support.',
    }),
    two_factor_disabled: () => ({
      subject: 'Authenticator 2FA was turned off',
      text:
        'Authenticator 2FA was just turned off on your Rora account. ' +
        'If this was not you, reset your password now and contact support.',
    }),
    sign_in_backoff_started: () => ({
      subject: 'Someone is trying to sign in to your Rora account',
      text:
        'Several wrong passwords were just entered for your Rora account. To protect it, each ' +
        'further try now has to wait a little longer. You can still sign in with your password. ' +
        'If this was not you, change your password and turn on authenticator 2FA.',
    }),
    kyc_status_changed: ({ status, reasons }) => {
      switch (status) {
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
          const details = reasons.map((reason) => `${ITEMS[reason.item]}: ${REASONS[reason.code]}`).join('; ');
          return {
            subject: 'Identity verification needs your attention',
            text: `We could not verify your identity (${details}). Please fix the rejected items and send them again.`,
          };
        }
        case 'not_started':
          return { subject: 'Identity verification', text: 'Your identity verification was reset.' };
      }
    },
    price_alert: ({ symbol, condition, price, triggeredPrice, quote }) => ({
      subject: `Price alert: ${symbol}`,
      text:
        `Your price alert on ${symbol} fired: the last price is ${n.decimal(triggeredPrice)} ${quote}, ` +
        `at or ${condition} your alert price of ${n.decimal(price)} ${quote}. ` +
        'Each alert fires once; to keep watching this pair, set a new alert on the Exchange screen. ' +
        'You receive this e-mail because AI price notifications are on in your notification settings.',
    }),
    loan_update: (p) => {
      const loan = `${n.decimal(p.amount)} ${p.asset} (collateral ${n.decimal(p.collateralAmount)} ${p.collateralAsset})`;
      const ltv = p.ltvPercent === null ? '' : ` The loan-to-value reached ${n.percent(p.ltvPercent)}.`;
      const lines = {
        funded: { subject: 'Your P2P loan is funded', text: `The P2P loan of ${loan} is now active.` },
        repaid: {
          subject: 'P2P loan repaid',
          text: `The P2P loan of ${loan} was repaid; the collateral went back to the borrower.`,
        },
        margin_call: {
          subject: 'Margin call on your P2P loan',
          text: `Margin call on your P2P loan of ${loan}.${ltv} Repay it now, or it will be liquidated if the loan-to-value keeps rising.`,
        },
        liquidated: {
          subject: 'P2P loan liquidated',
          text: `The P2P loan of ${loan} was liquidated.${ltv} The lender was paid from the collateral and the rest went back to the borrower.`,
        },
        closed: {
          subject: 'Overdue P2P loan closed',
          text: `The P2P loan of ${loan} was overdue past its grace period and was settled from the collateral.`,
        },
        cancelled: {
          subject: 'P2P loan request cancelled',
          text: `Your P2P loan request of ${loan} was cancelled and the collateral is available again.`,
        },
      } as const;
      return lines[p.event];
    },
  },
  sms: {
    verification_code: ({ code }) => `Your Rora verification code is ${code}. It expires in 10 minutes.`,
    password_reset_code: ({ code }) => `Your Rora password reset code is ${code}. It expires in 10 minutes.`,
  },
};
