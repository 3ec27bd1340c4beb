// Identity verification (spec §2, §5): the first step, and an over-long field that names the maximum
// (issue 19 defect 11: it used to say "at least").
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kycApi, kycStateSchema, type KycState } from '@rora/contracts';
import { errorText, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './kyc.tsx';

const api = installFakeApi();

const notStarted: KycState = {
  status: 'not_started',
  step: 'identity',
  identity: null,
  documents: [],
  rejection: null,
  itemsToFix: [],
  submittedAt: null,
  decidedAt: null,
  providerName: 'Sumsub',
};

describe('the identity verification screen', () => {
  it('says the maximum when the full name is too long', async () => {
    signInAs(signedInCustomer({ kycStatus: 'not_started' }));
    api.answer(kycApi.getKyc, kycStateSchema, notStarted);
    await renderScreen({ path: '/account/kyc', Component, namespaces: ['kyc'] });

    expect(await screen.findByRole('heading', { name: text('kyc:steps.identity.title') })).toBeTruthy();
    const fullName = screen.getByLabelText(text('kyc:identity.fullName'));
    fireEvent.input(fullName, { target: { value: 'A'.repeat(101) } });

    expect(await screen.findByText(errorText('full_name_must_have_at_most_100_characters', 'kyc'))).toBeTruthy();
    expect(screen.queryByText(errorText('full_name_must_have_at_least_5_characters', 'kyc'))).toBeNull();
    expect(api.calls(kycApi.getKyc)[0]?.path).toBe(`/user/kyc/${signedInCustomer().id}`);
    expect(api.calls(kycApi.verifyUserIdentity)).toHaveLength(0);
  });
});
