// The sandbox provider's test rules: what makes it reject, so that every path can be exercised
// offline. Everything else is approved. Documented in ../README.md; keep the two in step.
import type { KycDocumentKind, KycRejectionReason } from '@rora/contracts';

export interface SandboxSubmission {
  fullName: string;
  documents: Array<{ kind: KycDocumentKind; fileName: string }>;
}

export interface SandboxDecision {
  outcome: 'approved' | 'rejected';
  reasons: KycRejectionReason[];
}

export function decideSandboxCheck(submission: SandboxSubmission): SandboxDecision {
  const reasons: KycRejectionReason[] = [];
  // A full name containing "Reject": the identity details do not match the documents.
  if (/reject/i.test(submission.fullName)) reasons.push({ code: 'identity_details_do_not_match', item: 'identity' });
  // A full name containing "Expired": the ID card has expired.
  if (/expired/i.test(submission.fullName)) reasons.push({ code: 'id_card_is_expired', item: 'id_card' });
  // A document whose file name contains "blurred": that image is unreadable.
  for (const document of submission.documents) {
    if (/blurred/i.test(document.fileName)) reasons.push({ code: 'document_image_is_blurred', item: document.kind });
  }
  return { outcome: reasons.length > 0 ? 'rejected' : 'approved', reasons };
}
