// Notification settings journeys (spec §2): each switch saves the moment it moves, stays after a
// reload, and moves back when the API refuses.
import { openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { profileOf } from './account-helpers.ts';

const SWITCHES = [
  ['AI price notifications', 'aiNotifications'],
  ['Administrative emails', 'administrativeEmails'],
  ['Newsletter emails', 'newsletterEmails'],
] as const;

let customer: Customer;
test.beforeEach(async ({ request }) => {
  customer = await registerCustomer(request);
});

test('each switch saves at once and is still set after a reload', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account/notifications');
  const before = (await profileOf(request, customer)).preferences;
  for (const [name, key] of SWITCHES) {
    const control = page.getByRole('switch', { name });
    await expect(control).toHaveAttribute('aria-checked', String(before[key]));
    await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(!before[key]));
    await expect(page.getByText(`${name}: ${before[key] ? 'off' : 'on'}`)).toBeVisible();
    await expect(control).not.toHaveAttribute('aria-busy', 'true');
  }
  const after = (await profileOf(request, customer)).preferences;
  for (const [, key] of SWITCHES) expect(after[key]).toBe(!before[key]);

  await page.reload();
  for (const [name, key] of SWITCHES) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(!before[key]));
  }
  // And back again, so both directions are saved.
  await page.getByRole('switch', { name: 'Newsletter emails' }).click();
  await expect(page.getByRole('switch', { name: 'Newsletter emails' })).toHaveAttribute(
    'aria-checked',
    String(before.newsletterEmails),
  );
  await expect
    .poll(async () => (await profileOf(request, customer)).preferences.newsletterEmails)
    .toBe(before.newsletterEmails);
});

test('a refused change moves the switch back and shows the error', async ({ page, request }) => {
  await openSignedIn(page, customer, '/dashboard/account/notifications');
  const before = (await profileOf(request, customer)).preferences.administrativeEmails;
  await page.route('**/api/v1/user/update-administrative-email-status/**', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'service_unavailable', message: 'Unavailable' }, data: [] } }),
  );
  const control = page.getByRole('switch', { name: 'Administrative emails' });
  await control.click();
  await expect(page.getByText('An error occurred. Please try again')).toBeVisible();
  await expect(control).toHaveAttribute('aria-checked', String(before));
  expect((await profileOf(request, customer)).preferences.administrativeEmails).toBe(before);
});
