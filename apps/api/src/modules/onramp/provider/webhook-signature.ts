// The sandbox on-ramp provider's webhook signature (lib/webhook-signature.ts) in its own header.
export {
  signWebhook as signOnrampWebhook,
  verifyWebhookSignature as verifyOnrampSignature,
  SIGNATURE_TOLERANCE_SECONDS,
} from '../../../lib/webhook-signature.ts';
export const ONRAMP_SIGNATURE_HEADER = 'x-onramp-signature';
