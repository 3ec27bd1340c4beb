import { describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_KINDS, KYC_STATUSES, type KycStatus } from '@rora/contracts';
import { isAppError } from '../../lib/errors.ts';
import {
  assertItemChangeable,
  canTransition,
  resumeStep,
  submissionTarget,
  type SubmissionCheck,
} from './kyc-state-machine.ts';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
};

const allIn: Omit<SubmissionCheck, 'status'> = { hasIdentity: true, documentKinds: KYC_DOCUMENT_KINDS, itemsToFix: [] };

describe('KYC transitions', () => {
  const edges: Array<[KycStatus, KycStatus]> = [
    ['not_started', 'in_progress'],
    ['in_progress', 'waiting_for_approval'],
    ['waiting_for_approval', 'approved'],
    ['waiting_for_approval', 'rejected'],
    ['rejected', 'resubmitted'],
    ['resubmitted', 'approved'],
    ['resubmitted', 'rejected'],
  ];
  it('allows exactly the edges of the machine', () => {
    for (const from of KYC_STATUSES) {
      for (const to of KYC_STATUSES) {
        const allowed = edges.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(allowed);
      }
    }
  });
});

describe('what the customer may change', () => {
  it.each([
    ['not_started', 'identity', [], null],
    ['in_progress', 'photo', [], null],
    ['waiting_for_approval', 'photo', [], 'kyc_awaiting_decision'],
    ['resubmitted', 'identity', [], 'kyc_awaiting_decision'],
    ['approved', 'id_card', [], 'kyc_already_approved'],
    ['rejected', 'photo', ['photo'], null],
    ['rejected', 'id_card', ['photo'], 'kyc_item_was_not_rejected'],
    ['rejected', 'identity', [], 'kyc_item_was_not_rejected'],
  ] as const)('%s: changing %s with %j to fix answers %s', (status, item, itemsToFix, code) => {
    expect(codeOf(() => assertItemChangeable(status, item, itemsToFix))).toBe(code);
  });
});

describe('sending for review', () => {
  it.each([
    [{ status: 'not_started', ...allIn, hasIdentity: false }, 'kyc_identity_details_required'],
    [
      { status: 'in_progress', ...allIn, documentKinds: ['id_card', 'photo', 'photo_with_id_card'] },
      'kyc_documents_incomplete',
    ],
    [{ status: 'in_progress', ...allIn }, 'waiting_for_approval'],
    [{ status: 'rejected', ...allIn, itemsToFix: ['photo'] }, 'kyc_rejected_items_must_be_replaced'],
    [{ status: 'rejected', ...allIn }, 'resubmitted'],
    [{ status: 'waiting_for_approval', ...allIn }, 'kyc_awaiting_decision'],
    [{ status: 'resubmitted', ...allIn }, 'kyc_awaiting_decision'],
    [{ status: 'approved', ...allIn }, 'kyc_already_approved'],
  ] as Array<[SubmissionCheck, string]>)('%j answers %s', (check, expected) => {
    let outcome: string | null = null;
    const code = codeOf(() => {
      outcome = submissionTarget(check);
    });
    expect(code ?? outcome).toBe(expected);
  });
});

describe('the step to resume on', () => {
  it.each([
    [{ status: 'not_started', hasIdentity: false, documentKinds: [], itemsToFix: [] }, 'identity'],
    [{ status: 'in_progress', hasIdentity: true, documentKinds: [], itemsToFix: [] }, 'proof_of_residence'],
    [
      { status: 'in_progress', hasIdentity: true, documentKinds: ['proof_of_residence', 'photo'], itemsToFix: [] },
      'id_card',
    ],
    [{ status: 'in_progress', hasIdentity: false, documentKinds: KYC_DOCUMENT_KINDS, itemsToFix: [] }, 'identity'],
    [{ status: 'in_progress', ...allIn }, 'waiting'],
    [{ status: 'waiting_for_approval', ...allIn }, 'waiting'],
    [{ status: 'rejected', ...allIn, itemsToFix: ['photo_with_id_card', 'identity'] }, 'identity'],
    [{ status: 'rejected', ...allIn }, 'waiting'],
    [{ status: 'approved', ...allIn }, 'waiting'],
  ] as Array<[SubmissionCheck, string]>)('%j -> %s', (check, step) => {
    expect(resumeStep(check)).toBe(step);
  });
});
