// Notification settings (spec §2): each switch shows the profile's choice and saves the moment it moves.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userApi, userSchema } from '@rora/contracts';
import { customer, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './account-notifications.tsx';

const api = installFakeApi();

describe('the notification settings screen', () => {
  it('turns the newsletter on and says so', async () => {
    signInAs(signedInCustomer());
    // The account as the API keeps it: the switch's call changes what the profile reads.
    let account = customer();
    api.answer(userApi.profile, userSchema, () => account);
    api.answer(userApi.newsletter, userSchema, (request) => {
      const { status } = request.body as { status: boolean };
      account = { ...account, preferences: { ...account.preferences, newsletterEmails: status } };
      return account;
    });
    await renderScreen({ path: '/dashboard/account/notifications', Component, namespaces: ['account'] });

    const label = text('account:notifications.newsletterEmails.label');
    const newsletter = await screen.findByRole('switch', { name: label });
    expect(newsletter.getAttribute('aria-checked')).toBe('false');
    const ai = screen.getByRole('switch', { name: text('account:notifications.aiNotifications.label') });
    expect(ai.getAttribute('aria-checked')).toBe('true');

    await userEvent.click(newsletter);

    expect(await screen.findByText(text('account:notifications.savedOn', { name: label }))).toBeTruthy();
    await waitFor(() => expect(newsletter.getAttribute('aria-checked')).toBe('true'));
    expect(api.calls(userApi.newsletter)[0]?.body).toEqual({ status: true });
  });
});
