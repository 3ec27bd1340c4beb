// The six steps of spec §2 and where each stands for the customer: done, the current one, still to
// do, or to fix after a rejection. Which steps can be opened follows the API's rules: everything
// before sending, only the rejected items after a rejection, nothing while waiting or once approved.
import { KYC_DOCUMENT_KINDS, KYC_STEPS, type KycDocumentKind, type KycState, type KycStep } from '@rora/contracts';

export type StepStatus = 'done' | 'current' | 'todo' | 'fix';

export const DOCUMENT_STEPS: Record<KycDocumentKind, { camera: 'user' | 'environment' }> = {
  proof_of_residence: { camera: 'environment' },
  id_card: { camera: 'environment' },
  photo: { camera: 'user' },
  photo_with_id_card: { camera: 'user' },
};

export function isDocumentStep(step: KycStep): step is KycDocumentKind {
  return (KYC_DOCUMENT_KINDS as readonly string[]).includes(step);
}

export function isStepComplete(step: KycStep, state: KycState): boolean {
  if (step === 'identity') return state.identity !== null;
  if (isDocumentStep(step)) return state.documents.some((document) => document.kind === step);
  return state.status === 'approved';
}

/** The customer may open this step now. */
export function canOpenStep(step: KycStep, state: KycState): boolean {
  if (state.status === 'rejected') return step === 'waiting' || (state.itemsToFix as readonly string[]).includes(step);
  if (state.status !== 'not_started' && state.status !== 'in_progress') return step === 'waiting';
  if (step === 'waiting') return KYC_STEPS.slice(0, -1).every((previous) => isStepComplete(previous, state));
  return true;
}

export function stepStatus(step: KycStep, current: KycStep, state: KycState): StepStatus {
  if (step === current) return 'current';
  if (state.status === 'rejected' && (state.itemsToFix as readonly string[]).includes(step)) return 'fix';
  return isStepComplete(step, state) ? 'done' : 'todo';
}

/** Waiting on the provider: the page checks for the decision until it comes. */
export function isUnderReview(status: KycState['status']): boolean {
  return status === 'waiting_for_approval' || status === 'resubmitted';
}
