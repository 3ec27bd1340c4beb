// Account security journeys (spec §2): authenticator 2FA on (QR key, first code, recovery codes),
// withdrawal 2FA on and off and 2FA off, each with the second factor (a code, or a recovery code);
// PIN set, checked and changed (with a code too while 2FA is on); password change. Each checks what
// the API then holds, not only what the screen says.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import {
  getAs,
  postAs,
  profileOf,
  signInElsewhere,
  storeRecoveryCodes,
  totpCode,
  turnOnTwoFactor,
  userIdOf,
  waitForNextPeriod,
} from './account-helpers.ts';

let customer: Customer;
test.beforeEach(async ({ request }) => {
  customer = await registerCustomer(request);
});

/**
 * Opens the security screen and turns authenticator 2FA on, the recovery codes stored; `setupAt` is
 * when the setup's code was used, so the journey can compute the next periods' codes.
 */
async function openWithTwoFactorOn(page: Page) {
  await openSignedIn(page, customer, '/dashboard/account/security');
  const { secret, codes } = await turnOnTwoFactor(page);
  const setupAt = Date.now();
  await storeRecoveryCodes(page);
  return { secret, codes, setupAt };
}

test('turns on authenticator 2FA and keeps the recovery codes on screen until stored', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account/security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Ask for the code on withdrawals' })).toBeDisabled();

  const { codes } = await turnOnTwoFactor(page);
  await expect(page.getByText('Authenticator 2FA is on')).toBeVisible();
  await expect(page.getByText('Store these codes now')).toBeVisible();
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

  // The codes are shown once: Escape does not close the dialog, Done waits for the promise to store them.
  await page.keyboard.press('Escape');
  const recovery = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(recovery).toBeVisible();
  const downloading = page.waitForEvent('download');
  await recovery.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rora-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/);
  const file = await readFile((await download.path())!, 'utf8');
  for (const code of codes) expect(file).toContain(code);
  await expect(recovery.getByRole('button', { name: 'Done' })).toBeDisabled();
  await recovery.getByLabel('I have stored my recovery codes somewhere safe').check();
  await recovery.getByRole('button', { name: 'Done' }).click();
  await expect(recovery).toBeHidden();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // The API now asks for a code at login, and one of the shown recovery codes stands in for it.
  expect((await profileOf(request, customer)).twoFactorEnabled).toBe(true);
  const login = await request.post('/api/v1/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(403);
  const withRecovery = await request.post('/api/v1/auth/login', {
    data: { email: customer.email, password: customer.password, recoveryCode: codes[3] },
  });
  expect(withRecovery.status()).toBe(200);
});

test('withdrawal 2FA goes on and off, each time with a current code', async ({ page, request }) => {
  // Each code is accepted once, in a later period than the one before: the third waits for the clock.
  test.slow();
  const { secret, setupAt } = await openWithTwoFactorOn(page);

  const withdrawal = page.getByRole('switch', { name: 'Ask for the code on withdrawals' });
  await withdrawal.click();
  const on = page.getByRole('dialog', { name: 'Ask for the code on withdrawals' });
  await expect(on.getByText('Enter a current code from your authenticator app to confirm.')).toBeVisible();
  await on.getByLabel('Authenticator code').fill('12345');
  await expect(on.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  // The code of the setup was used; the next period's code is accepted (one step of drift allowed).
  await on.getByLabel('Authenticator code').fill(totpCode(secret, 1, setupAt));
  await on.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Withdrawals now need your authenticator code')).toBeVisible();
  await expect(withdrawal).toHaveAttribute('aria-checked', 'true');
  expect((await profileOf(request, customer)).withdrawal2faEnabled).toBe(true);

  await withdrawal.click();
  const off = page.getByRole('dialog', { name: 'Stop asking for the code on withdrawals' });
  const spent = totpCode(secret, 1, setupAt);
  await off.getByLabel('Authenticator code').fill(spent);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByRole('alert')).toHaveText('The authenticator code is invalid');
  await expect(withdrawal).toHaveAttribute('aria-checked', 'true');
  await waitForNextPeriod(setupAt);
  await off.getByLabel('Authenticator code').fill(totpCode(secret, 2, setupAt));
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Withdrawals no longer need your authenticator code')).toBeVisible();
  await expect(withdrawal).toHaveAttribute('aria-checked', 'false');
  expect((await profileOf(request, customer)).withdrawal2faEnabled).toBe(false);
});

test('2FA goes off with a recovery code, never with the password alone', async ({ page, request }) => {
  const { codes } = await openWithTwoFactorOn(page);

  await page.getByRole('button', { name: 'Turn off 2FA' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off authenticator 2FA' });
  await expect(off.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(off.getByLabel('Authenticator code')).toBeVisible();
  await off.getByRole('radio', { name: 'Use a recovery code' }).check();
  await off.getByRole('textbox', { name: 'Recovery code' }).fill('aaaaa-bbbbb');
  await off.getByRole('button', { name: 'Turn off 2FA' }).click();
  // Said in the dialog and in a toast.
  await expect(off.getByRole('alert')).toHaveText('The authenticator code is invalid');
  await expect(page.getByText('The authenticator code is invalid')).toHaveCount(2);
  expect((await profileOf(request, customer)).twoFactorEnabled).toBe(true);
  // The API refuses the password as proof too.
  const byPassword = await request.put(`/api/v1/user/update-2FA-google-authenticator/${userIdOf(customer)}`, {
    headers: bearer(customer),
    data: { status: false, password: customer.password },
  });
  expect(byPassword.status()).toBe(400);

  await off.getByRole('textbox', { name: 'Recovery code' }).fill(codes[2]!.toUpperCase());
  await off.getByRole('button', { name: 'Turn off 2FA' }).click();
  await expect(page.getByText('Authenticator 2FA is off')).toBeVisible();
  await expect(page.getByTestId('two-factor-card').getByText('Off', { exact: true })).toBeVisible();
  expect((await profileOf(request, customer)).twoFactorEnabled).toBe(false);
});

test('with 2FA on, setting and changing the PIN ask for an authenticator code too', async ({ page, request }) => {
  // Two codes after the setup's: the second waits for the next period.
  test.slow();
  const { secret, setupAt } = await openWithTwoFactorOn(page);

  const card = page.getByTestId('pin-card');
  await card.getByLabel('New PIN', { exact: true }).fill('2580');
  await card.getByLabel('Repeat new PIN').fill('2580');
  await expect(card.getByRole('button', { name: 'Set PIN' })).toBeDisabled();
  await card.getByLabel('Authenticator code').fill(totpCode(secret, 1, setupAt));
  await card.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Your PIN is set')).toBeVisible();
  expect((await postAs(request, customer.token, '/user/pin/verify', { pin: '2580' })).status).toBe(200);

  await card.getByRole('button', { name: 'Change PIN' }).click();
  const change = page.getByRole('dialog', { name: 'Change your PIN' });
  await change.getByLabel('Current PIN', { exact: true }).fill('2580');
  await change.getByLabel('New PIN', { exact: true }).fill('1357');
  await change.getByLabel('Repeat new PIN').fill('1357');
  await expect(change.getByRole('button', { name: 'Change PIN' })).toBeDisabled();
  // The code just used to set the PIN is spent.
  await change.getByLabel('Authenticator code').fill(totpCode(secret, 1, setupAt));
  await change.getByRole('button', { name: 'Change PIN' }).click();
  await expect(change.getByRole('alert')).toHaveText('The authenticator code is invalid');
  await waitForNextPeriod(setupAt);
  await change.getByLabel('Authenticator code').fill(totpCode(secret, 2, setupAt));
  await change.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByText('Your PIN was changed')).toBeVisible();
  await expect(change).toBeHidden();
  expect((await postAs(request, customer.token, '/user/pin/verify', { pin: '1357' })).status).toBe(200);
});

test('a wrong first code is refused and cleared', async ({ page }) => {
  await openSignedIn(page, customer, '/dashboard/account/security');
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
  await dialog.getByLabel('6-digit code from the app').fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The authenticator code is invalid');
  await expect(page.getByText('The authenticator code is invalid')).toHaveCount(2);
  await expect(dialog.getByLabel('6-digit code from the app')).toHaveValue('');
  await expect(page.getByTestId('two-factor-card').getByText('Off', { exact: true })).toBeVisible();
});

test('sets a PIN, checks it and changes it with the current PIN and with the password', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account/security');
  const card = page.getByTestId('pin-card');
  await expect(card.getByText('Not set', { exact: true })).toBeVisible();
  await card.getByLabel('New PIN', { exact: true }).fill('1234');
  await expect(card.getByText('This PIN is too easy to guess. Avoid repeated or consecutive digits')).toBeVisible();
  await card.getByLabel('New PIN', { exact: true }).fill('2580');
  await card.getByLabel('Repeat new PIN').fill('2581');
  await expect(card.getByText('PINs do not match')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Set PIN' })).toBeDisabled();
  await card.getByLabel('Repeat new PIN').fill('2580');
  await card.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Your PIN is set')).toBeVisible();
  await expect(card.getByText('Set', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Check my PIN' }).click();
  const check = page.getByRole('dialog', { name: 'Check your PIN' });
  await check.getByLabel('PIN', { exact: true }).fill('9999');
  await check.getByRole('button', { name: 'Check PIN' }).click();
  await expect(check.getByRole('alert')).toHaveText('The PIN is incorrect');
  await expect(page.getByText('The PIN is incorrect')).toHaveCount(2);
  // Refused, with 'Check PIN' off until the PIN changes: the keyboard is on the PIN to type again.
  await expect(check.getByLabel('PIN', { exact: true })).toBeFocused();
  await check.getByLabel('PIN', { exact: true }).fill('2580');
  await check.getByRole('button', { name: 'Check PIN' }).click();
  await expect(page.getByText('Your PIN is correct')).toBeVisible();
  await expect(check).toBeHidden();

  await card.getByRole('button', { name: 'Change PIN' }).click();
  let change = page.getByRole('dialog', { name: 'Change your PIN' });
  await change.getByLabel('Current PIN', { exact: true }).fill('2580');
  await change.getByLabel('New PIN', { exact: true }).fill('1357');
  await change.getByLabel('Repeat new PIN').fill('1357');
  await change.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByText('Your PIN was changed')).toBeVisible();
  await expect(change).toBeHidden();

  await card.getByRole('button', { name: 'Change PIN' }).click();
  change = page.getByRole('dialog', { name: 'Change your PIN' });
  await change.getByRole('radio', { name: 'Use my password' }).check();
  await change.getByLabel('Password', { exact: true }).fill(customer.password);
  await change.getByLabel('New PIN', { exact: true }).fill('9024');
  await change.getByLabel('Repeat new PIN').fill('9024');
  await change.getByRole('button', { name: 'Change PIN' }).click();
  await expect(change).toBeHidden();

  expect((await postAs(request, customer.token, '/user/pin/verify', { pin: '9024' })).status).toBe(200);
  expect((await postAs(request, customer.token, '/user/pin/verify', { pin: '1357' })).status).toBe(400);
});

test('changes the password, checking it as typed, and signs the other devices out', async ({ page, request }) => {
  const otherDevice = await signInElsewhere(request, customer);
  await openSignedIn(page, customer, '/dashboard/account/security');
  const form = page.getByTestId('password-form');
  const submit = form.getByRole('button', { name: 'Change password' });
  const next = 'Quiet-meadow-8314';

  await form.getByLabel('Current password').fill('wrong-password-1');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await expect(form.getByText('Password Should Be at least 8 characters')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('wrong-password-1');
  await expect(form.getByText('The new password must be different from the current one')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Repeat new password').fill(`${next}x`);
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Repeat new password').fill(next);
  await submit.click();
  await expect(page.getByText('The current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue(next);
  // Refused, the keyboard is still on the button pressed, not sent back to the top of the page.
  await expect(submit).toBeFocused();

  await form.getByLabel('Current password').fill(customer.password);
  await submit.click();
  await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  expect((await getAs(request, otherDevice, '/user/sessions')).status).toBe(401);
  expect((await getAs(request, customer.token, '/user/sessions')).status).toBe(200);
  const login = await request.post('/api/v1/auth/login', { data: { email: customer.email, password: next } });
  expect(login.status()).toBe(200);
});
