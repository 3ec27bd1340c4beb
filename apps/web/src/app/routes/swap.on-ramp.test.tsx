// The card purchase (on-ramp) beside the swaps (spec §2): a purchase the API refuses for want of an
// approved identity says so in the customer's words, with the way to verify.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardSchema, onrampApi, swapApi, swapListSchema, userApi, userSchema, walletApi } from '@rora/contracts';
import { customer, errorText, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './swap.tsx';

const api = installFakeApi();

describe('the card purchase on the swap screen', () => {
  it('says identity verification is needed and links to it', async () => {
    signInAs(signedInCustomer({ kycStatus: 'in_progress' }));
    api.answer(userApi.profile, userSchema, customer({ kycStatus: 'in_progress' }));
    api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets: [] });
    api.answer(swapApi.listSwaps, swapListSchema, { items: [], page: 1, limit: 10, total: 0 });
    api.refuse(onrampApi.init, 'kyc_approval_required');
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });

    const panel = await screen.findByRole('region', { name: text('onramp:heading') });
    await userEvent.type(within(panel).getByLabelText(text('onramp:amount')), '150');
    await userEvent.click(within(panel).getByRole('button', { name: text('onramp:continue') }));

    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(errorText('kyc_approval_required', 'onramp'));
    expect(
      within(alert)
        .getByRole('link', { name: text('onramp:kycLink') })
        .getAttribute('href'),
    ).toBe('/account/kyc');
    const [sent] = api.calls(onrampApi.init);
    expect(sent?.body).toMatchObject({ asset: 'USDT', fiatAmount: '150' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says an amount outside the limits as it is typed, and waits for one within them', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    api.answer(walletApi.dashboard, dashboardSchema, { totalBalance: '0.00', change24h: null, assets: [] });
    api.answer(swapApi.listSwaps, swapListSchema, { items: [], page: 1, limit: 10, total: 0 });
    await renderScreen({ path: '/dashboard/swap', Component, namespaces: ['swap', 'onramp'] });

    const panel = await screen.findByRole('region', { name: text('onramp:heading') });
    const amount = within(panel).getByLabelText(text('onramp:amount'));
    const button = within(panel).getByRole('button', { name: text('onramp:continue') });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.type(amount, '5');
    expect(await within(panel).findByText(errorText('onramp_amount_below_minimum', 'onramp'))).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
    await userEvent.type(amount, '0');
    expect(button).toHaveProperty('disabled', false);
    expect(api.calls(onrampApi.init)).toHaveLength(0);
  });
});
