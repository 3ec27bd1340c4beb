import { describe, expect, it } from 'vitest';
import type { KycState } from '@rora/contracts';
import { canOpenStep, stepStatus } from './steps.ts';

const document = (kind: KycState['documents'][number]['kind']) => ({
  id: '00000000-0000-4000-8000-000000000000',
  kind,
  fileName: `${kind}.jpg`,
  contentType: 'image/jpeg' as const,
  sizeBytes: 1000,
  uploadedAt: '2026-01-01T00:00:00Z',
});

const identity = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  address: '12 Analytical Engine Road',
  city: 'London',
  country: 'GB',
  currency: 'GBP' as const,
  privacyPolicyAgreedAt: '2026-01-01T00:00:00Z',
};

const state = (overrides: Partial<KycState>): KycState => ({
  status: 'in_progress',
  step: 'identity',
  identity: null,
  documents: [],
  rejection: null,
  itemsToFix: [],
  submittedAt: null,
  decidedAt: null,
  providerName: 'Rora Sandbox ID',
  ...overrides,
});

describe('which steps open', () => {
  it('opens every step before sending, and the review once everything is in', () => {
    const partial = state({ identity, documents: [document('proof_of_residence')] });
    expect(canOpenStep('photo', partial)).toBe(true);
    expect(canOpenStep('waiting', partial)).toBe(false);
    const complete = state({
      identity,
      documents: ['proof_of_residence', 'id_card', 'photo', 'photo_with_id_card'].map((kind) =>
        document(kind as never),
      ),
    });
    expect(canOpenStep('waiting', complete)).toBe(true);
  });

  it('opens only the rejected items (and the review) after a rejection', () => {
    const rejected = state({ status: 'rejected', identity, itemsToFix: ['photo'] });
    expect(canOpenStep('photo', rejected)).toBe(true);
    expect(canOpenStep('id_card', rejected)).toBe(false);
    expect(canOpenStep('identity', rejected)).toBe(false);
    expect(canOpenStep('waiting', rejected)).toBe(true);
  });

  it('opens nothing to change while waiting or once approved', () => {
    for (const status of ['waiting_for_approval', 'resubmitted', 'approved'] as const) {
      expect(canOpenStep('identity', state({ status, identity }))).toBe(false);
    }
  });
});

describe('stepStatus', () => {
  it('marks done, current, to do and to fix', () => {
    const current = state({ status: 'rejected', identity, documents: [document('photo')], itemsToFix: ['photo'] });
    expect(stepStatus('identity', 'photo', current)).toBe('done');
    expect(stepStatus('photo', 'photo', current)).toBe('current');
    expect(stepStatus('photo', 'identity', current)).toBe('fix');
    expect(stepStatus('id_card', 'photo', current)).toBe('todo');
  });
});
