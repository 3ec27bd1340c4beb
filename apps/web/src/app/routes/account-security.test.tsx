// Account security (spec §2): 2FA, PIN and password; a password change the API refuses (wrong current
// password) says why and keeps what was typed.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pinStatusResponseSchema, userApi, userSchema } from '@rora/contracts';
import { customer, errorText, signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './account-security.tsx';

const api = installFakeApi();

describe('the account security screen', () => {
  it('says the current password is wrong when the API refuses the change', async () => {
    signInAs(signedInCustomer());
    api.answer(userApi.profile, userSchema, customer());
    api.answer(userApi.pinStatus, pinStatusResponseSchema.shape.data, { pinSet: true, lockedUntil: null });
    api.refuse(userApi.updatePassword, 'current_password_is_incorrect', { field: 'currentPassword' });
    await renderScreen({ path: '/dashboard/account/security', Component, namespaces: ['account'] });

    expect(await screen.findByRole('heading', { name: text('account:password.title') })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(text('account:fields.currentPassword')), 'old-guess-123');
    await userEvent.type(screen.getByLabelText(text('account:fields.newPassword')), 'a new long phrase 42');
    await userEvent.type(screen.getByLabelText(text('account:fields.repeatPassword')), 'a new long phrase 42');
    await userEvent.click(screen.getByRole('button', { name: text('account:password.submit') }));

    expect(await screen.findByText(errorText('current_password_is_incorrect', 'account'))).toBeTruthy();
    expect(api.calls(userApi.updatePassword)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>(text('account:fields.currentPassword')).value).toBe('old-guess-123');
  });
});
