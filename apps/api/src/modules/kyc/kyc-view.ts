// Rows to the wire shapes of packages/contracts/src/kyc.ts.
import type {
  KycDocument,
  KycDocumentKind,
  KycDocumentType,
  KycRejectionReason,
  KycState,
  KycStatus,
} from '@rora/contracts';
import type { ApplicationRow, DocumentRow } from './kyc.repository.ts';
import { resumeStep } from './kyc-state-machine.ts';

export function toDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    kind: row.kind as KycDocumentKind,
    fileName: row.fileName,
    contentType: row.contentType as KycDocumentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
  };
}

export function hasIdentity(application: ApplicationRow | null): boolean {
  return Boolean(application?.fullName && application.privacyPolicyAgreedAt);
}

export function identityOf(application: ApplicationRow | null): KycState['identity'] {
  if (!application || !hasIdentity(application)) return null;
  return {
    fullName: application.fullName!,
    dateOfBirth: application.dateOfBirth!,
    address: application.address!,
    city: application.city!,
    country: application.country!,
    currency: application.currency! as NonNullable<KycState['identity']>['currency'],
    privacyPolicyAgreedAt: application.privacyPolicyAgreedAt!.toISOString(),
  };
}

export function toKycState(options: {
  status: KycStatus;
  application: ApplicationRow | null;
  documents: DocumentRow[];
  providerName: string;
}): KycState {
  const { status, application, documents } = options;
  const itemsToFix = status === 'rejected' ? (application?.itemsToFix ?? []) : [];
  const rejection =
    application?.rejectedAt && (status === 'rejected' || status === 'resubmitted')
      ? {
          reasons: application.rejectionReasons as KycRejectionReason[],
          rejectedAt: application.rejectedAt.toISOString(),
        }
      : null;
  return {
    status,
    step: resumeStep({
      status,
      hasIdentity: hasIdentity(application),
      documentKinds: documents.map((document) => document.kind as KycDocumentKind),
      itemsToFix,
    }),
    identity: identityOf(application),
    documents: documents.map(toDocument),
    rejection,
    itemsToFix: itemsToFix as KycState['itemsToFix'],
    submittedAt: application?.submittedAt?.toISOString() ?? null,
    decidedAt: application?.decidedAt?.toISOString() ?? null,
    providerName: options.providerName,
  };
}
