// Account settings (spec §2, §4): the profile's details and signed-in devices, and the theme choice,
// applied to the page at once and saved to the profile.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionListResponseSchema, userApi, userSchema } from '@rora/contracts';
import { customer, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './account-settings.tsx';

const api = installFakeApi();

describe('the account settings screen', () => {
  it('shows the account and switches the page to the light theme', async () => {
    signInAs(signedInCustomer());
    let account = customer();
    api.answer(userApi.profile, userSchema, () => account);
    api.answer(userApi.updatePreferences, userSchema, (request) => {
      account = { ...account, preferences: { ...account.preferences, ...(request.body as object) } };
      return account;
    });
    api.answer(userApi.sessions, sessionListResponseSchema.shape.data, {
      items: [
        {
          id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          device: 'Firefox on Linux',
          ip: '203.0.113.7',
          createdAt: '2026-11-20T09:00:00.000Z',
          lastSeenAt: '2026-11-25T08:00:00.000Z',
          current: true,
        },
      ],
    });
    await renderScreen({ path: '/dashboard/account', Component, namespaces: ['account'] });

    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(await screen.findByText(/Firefox on Linux/)).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: text('account:preferences.light') }));

    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(await screen.findByText(text('account:preferences.themeSaved'))).toBeTruthy();
    expect(api.calls(userApi.updatePreferences)[0]?.body).toEqual({ theme: 'light_theme' });
  });
});
