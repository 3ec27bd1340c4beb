// Password recovery (spec §2): the e-mail, the way the code travels, then the code step; a code-send
// limit says when to try again (issue 19 defect 11).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authApi, codeSentResponseSchema } from '@rora/contracts';
import { renderScreen, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './forgot-password.tsx';

const api = installFakeApi();

async function askForCodeByEmail() {
  await renderScreen({ path: '/auth/forgot-password', Component, namespaces: ['auth'] });
  expect(screen.getByRole('heading', { name: text('auth:forgot.titles.email') })).toBeTruthy();
  await userEvent.type(screen.getByLabelText(text('auth:fields.email')), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: text('common:actions.continue') }));
  expect(await screen.findByRole('radio', { name: text('auth:forgot.byEmail') })).toHaveProperty('checked', true);
  await userEvent.click(screen.getByRole('button', { name: text('auth:forgot.sendCode') }));
}

describe('the password recovery screen', () => {
  it('sends the code by e-mail and asks for it', async () => {
    api.answer(authApi.resetRequestCode, codeSentResponseSchema.shape.data, {
      sent: true,
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });

    await askForCodeByEmail();

    expect(await screen.findByRole('heading', { name: text('auth:forgot.titles.code') })).toBeTruthy();
    expect(screen.getByText(text('auth:code.sentTo', { destination: 'ada@example.com' }))).toBeTruthy();
    expect(api.calls(authApi.resetRequestCode)[0]?.body).toMatchObject({ email: 'ada@example.com' });
  });

  it('says when a code can be asked for again after the send limit', async () => {
    api.refuse(authApi.resetRequestCode, 'too_many_requests', { retryAfterSeconds: 120 });

    await askForCodeByEmail();

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toMatch(/2 minutes/);
    expect(screen.getByRole('heading', { name: text('auth:forgot.titles.method') })).toBeTruthy();
  });
});
