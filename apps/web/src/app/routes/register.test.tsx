// The registration screen (spec §2, issue 19 defect 4): the server's common-password rule is shown on
// the password field, and no code is sent for a refused password.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authApi, codeSentResponseSchema, passwordCheckResponseSchema } from '@rora/contracts';
import { errorText } from '../../testing/fixtures.ts';
import { renderScreen, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './register.tsx';

const api = installFakeApi();

async function fillBasics(password: string) {
  await renderScreen({ path: '/auth/register', Component, namespaces: ['auth'] });
  expect(screen.getByRole('heading', { name: text('auth:register.titles.basic') })).toBeTruthy();
  await userEvent.type(screen.getByLabelText(text('auth:fields.email')), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(text('auth:fields.password')), password);
  await userEvent.click(screen.getByRole('button', { name: text('auth:register.sendEmailCode') }));
}

describe('the registration screen', () => {
  it('refuses a common password on its field and sends no code', async () => {
    api.refuse(authApi.checkPassword, 'password_is_too_common', { field: 'password' });

    await fillBasics('password1');

    expect(await screen.findByText(errorText('password_is_too_common', 'auth'))).toBeTruthy();
    expect(api.calls(authApi.sendEmailCode)).toHaveLength(0);
  });

  it('sends the e-mail code for an acceptable password and asks for it', async () => {
    api.answer(authApi.checkPassword, passwordCheckResponseSchema.shape.data, { acceptable: true });
    api.answer(authApi.sendEmailCode, codeSentResponseSchema.shape.data, {
      sent: true,
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });

    await fillBasics('a-long unusual phrase');

    expect(await screen.findByRole('heading', { name: text('auth:register.titles.emailCode') })).toBeTruthy();
    expect(api.calls(authApi.sendEmailCode)[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});
