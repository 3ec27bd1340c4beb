// The sandbox provider's webhook payload, as a real provider documents its own.
import { z } from 'zod';
import { KYC_DOCUMENT_KINDS, kycRejectionReasonSchema } from '@rora/contracts';

export const sandboxWebhookSchema = z.object({
  id: z.string().regex(/^evt_[0-9a-f-]{36}$/),
  type: z.literal('verification.completed'),
  /** Unix seconds. */
  created: z.number().int(),
  data: z.object({
    checkId: z.uuid(),
    reference: z.string().min(1).max(100),
    outcome: z.enum(['approved', 'rejected']),
    reasons: z.array(kycRejectionReasonSchema).max(20),
  }),
});
export type SandboxWebhook = z.infer<typeof sandboxWebhookSchema>;

export const sandboxSubmissionSchema = z.object({
  fullName: z.string(),
  documents: z.array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), fileName: z.string() })),
});
