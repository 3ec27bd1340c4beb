// The KYC state machine (spec §4), pure: which status may follow which, what the customer may
// change in each status, and which step to show. The service asks here before every change.
//
//   not_started ─(identity or a document)─> in_progress ─(send)─> waiting_for_approval
//   waiting_for_approval | resubmitted ─(provider)─> approved | rejected
//   rejected ─(fix every rejected item, send)─> resubmitted
import {
  KYC_DOCUMENT_KINDS,
  KYC_ITEMS,
  type KycDocumentKind,
  type KycItem,
  type KycStatus,
  type KycStep,
} from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';

export const KYC_TRANSITIONS: Record<KycStatus, readonly KycStatus[]> = {
  not_started: ['in_progress'],
  in_progress: ['waiting_for_approval'],
  waiting_for_approval: ['approved', 'rejected'],
  rejected: ['resubmitted'],
  resubmitted: ['approved', 'rejected'],
  approved: [],
};

export function canTransition(from: KycStatus, to: KycStatus): boolean {
  return KYC_TRANSITIONS[from].includes(to);
}

/** A broken edge is a programmer error: the service checked the rule before. */
export function assertTransition(from: KycStatus, to: KycStatus): void {
  if (!canTransition(from, to)) throw new Error(`KYC status cannot go from ${from} to ${to}`);
}

/** Throws the rule the customer would break by changing `item` now. */
export function assertItemChangeable(status: KycStatus, item: KycItem, itemsToFix: readonly string[]): void {
  if (status === 'approved') throw new AppError('kyc_already_approved');
  if (status === 'waiting_for_approval' || status === 'resubmitted') throw new AppError('kyc_awaiting_decision');
  if (status === 'rejected' && !itemsToFix.includes(item)) throw new AppError('kyc_item_was_not_rejected');
}

/** The status a change of the application moves to: the first change starts it. */
export function statusAfterChange(status: KycStatus): KycStatus {
  return status === 'not_started' ? 'in_progress' : status;
}

export interface SubmissionCheck {
  status: KycStatus;
  hasIdentity: boolean;
  documentKinds: readonly KycDocumentKind[];
  itemsToFix: readonly string[];
}

/** The status sending for review moves to, or the rule that stops it. */
export function submissionTarget(check: SubmissionCheck): 'waiting_for_approval' | 'resubmitted' {
  switch (check.status) {
    case 'approved':
      throw new AppError('kyc_already_approved');
    case 'waiting_for_approval':
    case 'resubmitted':
      throw new AppError('kyc_awaiting_decision');
    case 'rejected':
      if (check.itemsToFix.length > 0) throw new AppError('kyc_rejected_items_must_be_replaced');
      return 'resubmitted';
    case 'not_started':
    case 'in_progress':
      if (!check.hasIdentity) throw new AppError('kyc_identity_details_required');
      if (KYC_DOCUMENT_KINDS.some((kind) => !check.documentKinds.includes(kind))) {
        throw new AppError('kyc_documents_incomplete');
      }
      return 'waiting_for_approval';
  }
}

/** Where the customer resumes: the first step still to do, or `waiting` once everything is in. */
export function resumeStep(check: SubmissionCheck): KycStep {
  if (check.status === 'rejected') return KYC_ITEMS.find((item) => check.itemsToFix.includes(item)) ?? 'waiting';
  if (check.status !== 'not_started' && check.status !== 'in_progress') return 'waiting';
  if (!check.hasIdentity) return 'identity';
  return KYC_DOCUMENT_KINDS.find((kind) => !check.documentKinds.includes(kind)) ?? 'waiting';
}
