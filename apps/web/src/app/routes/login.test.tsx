// The login screen (spec §2) on the production runtime, against the contract's answers.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authApi, authResponseSchema } from '@rora/contracts';
import { getSession } from '../../lib/session/session-store.ts';
import { customer, errorText } from '../../testing/fixtures.ts';
import { renderScreen, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './login.tsx';

const api = installFakeApi();
const open = () => renderScreen({ path: '/auth/login', Component, namespaces: ['auth'] });

async function logIn(password: string) {
  await userEvent.type(screen.getByLabelText(text('auth:fields.email')), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(text('auth:fields.password')), password);
  await userEvent.click(screen.getByRole('button', { name: text('auth:login.submit') }));
}

describe('the login screen', () => {
  it('says a wrong password in the words of its error code and stays signed out', async () => {
    api.refuse(authApi.login, 'credentials_are_invalid');
    await open();
    expect(screen.getByRole('heading', { name: text('auth:login.title') })).toBeTruthy();

    await logIn('not-the-password');

    expect(await screen.findByText(errorText('credentials_are_invalid'))).toBeTruthy();
    expect(api.calls(authApi.login)[0]?.body).toEqual({ email: 'ada@example.com', password: 'not-the-password' });
    expect(getSession().authenticated).toBe(false);
  });

  it('signs in and goes to the wallets', async () => {
    api.answer(authApi.login, authResponseSchema.shape.data, { user: customer(), token: 'token-1' });
    const { router } = await open();

    await logIn('correct horse battery staple');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/wallets'));
    expect(getSession()).toMatchObject({ authenticated: true, token: 'token-1' });
  });
});
