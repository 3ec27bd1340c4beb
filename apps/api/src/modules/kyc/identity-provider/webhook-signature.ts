// The identity provider's webhook signature (lib/webhook-signature.ts) in its own header.
export { signWebhook, verifyWebhookSignature, SIGNATURE_TOLERANCE_SECONDS } from '../../../lib/webhook-signature.ts';
export const SIGNATURE_HEADER = 'x-rora-signature';
