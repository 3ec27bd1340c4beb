// Identity verification journeys (spec §2 /account/kyc) on the real server with its sandbox identity
// provider: a new customer walks the six steps with real image files and sees approval; a second one
// is rejected for a blurred selfie, replaces only that and is approved. Screenshots at desktop and
// phone widths, in both themes, go to test-results/web-e2e/kyc-screens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures/kyc', name);
const screens = path.resolve(here, '../../../test-results/web-e2e/kyc-screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });

// The sandbox decides after 3 s and the page asks every 3 s: approval shows within seconds.
const DECISION_TIMEOUT_MS = 25_000;

async function fillIdentity(page: Page, fullName: string) {
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Date of birth').fill('1990-12-10');
  await page.getByLabel('Address').fill('12 Analytical Engine Road');
  await page.getByLabel('City', { exact: true }).fill('London');
  await page.getByRole('button', { name: /^Country/ }).click();
  await page.getByRole('searchbox').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByRole('button', { name: /^Currency/ }).click();
  await page.getByRole('option', { name: /GBP/ }).click();
  await page.getByText(/I agree that Rora and Rora Sandbox ID process my details/).click();
}

/** Chooses a file through the browser's file chooser, as a customer clicking "Choose a file". */
async function chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
}

/** Drops a file on the drop zone, as a customer dragging it from their desktop. */
async function dropFile(page: Page, file: string, mimeType: string) {
  const bytes = readFileSync(file).toString('base64');
  const transfer = await page.evaluateHandle(
    ({ bytes: data, name, type }) => {
      const binary = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([binary], name, { type }));
      return dataTransfer;
    },
    { bytes, name: path.basename(file), type: mimeType },
  );
  await page.getByTestId('kyc-drop-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('kyc-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

async function uploadStep(page: Page, heading: string, file: string) {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await chooseFile(page, file);
  await expect(page.getByText(path.basename(file))).toBeVisible();
  await page.getByRole('button', { name: 'Upload and continue' }).click();
}

test.describe('identity verification', () => {
  let customer: Customer;
  test.beforeEach(async ({ request }) => {
    customer = await registerCustomer(request);
  });

  test('a new customer completes the six steps with real files, leaves and comes back, and is approved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, customer, '/account/kyc');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await expect(
      page.getByText('Rora checks identities with Rora Sandbox ID, our identity verification partner.'),
    ).toBeVisible();
    await expect(page.getByText('Step 1 of 6')).toBeVisible();

    // Step 1: the §5 minimums are checked as the customer types.
    await page.getByLabel('Full name').fill('Ada');
    await page.getByLabel('Address').click();
    await expect(page.getByText('Full name should be at least 5 characters')).toBeVisible();
    await fillIdentity(page, 'Ada Lovelace');
    await shoot(page, 'desktop-dark-1-identity');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: a PDF with a script is refused by the server, saying why; the bill is accepted.
    await expect(page.getByRole('heading', { name: 'Proof of residence' })).toBeVisible();
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
    );
    await chooseFile(page, { name: 'bill.pdf', mimeType: 'application/pdf', buffer: scripted });
    await page.getByRole('button', { name: 'Upload and continue' }).click();
    // Said beside the file and in a toast.
    await expect(page.locator('.kyc-refusal')).toHaveText(
      /^This file was refused: The PDF contains scripts or attachments/,
    );
    await page.getByRole('button', { name: 'Choose another file' }).click();
    // A text file named like a photo is refused before it is sent: the type comes from the bytes.
    await chooseFile(page, { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') });
    await expect(page.locator('.kyc-refusal')).toHaveText(
      'This file was refused: Only JPEG, PNG or PDF files are accepted',
    );
    await chooseFile(page, fixture('utility-bill.png'));
    await expect(page.getByRole('img', { name: 'Preview of utility-bill.png' })).toBeVisible();
    await shoot(page, 'desktop-dark-2-preview');
    await page.getByRole('button', { name: 'Upload and continue' }).click();

    // Step 3: dragged and dropped.
    await expect(page.getByRole('heading', { name: 'Photo of your ID' })).toBeVisible();
    await dropFile(page, fixture('id-card.jpg'), 'image/jpeg');
    await expect(page.getByRole('img', { name: 'Preview of id-card.jpg' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Photo of yourself' })).toBeVisible();

    // Leaving and coming back lands on the step the customer was on.
    await page.goto('/dashboard/wallets');
    await page.goto('/account/kyc');
    await expect(page.getByText('Step 4 of 6')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Photo of yourself' })).toBeVisible();

    await uploadStep(page, 'Photo of yourself', fixture('photo.jpg'));
    await uploadStep(page, 'Selfie with your ID', fixture('selfie-with-id.jpg'));

    // Step 6: check and send, then wait for the provider.
    await expect(page.getByRole('heading', { name: 'Check and send' })).toBeVisible();
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await shoot(page, 'desktop-dark-3-waiting');
    await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({
      timeout: DECISION_TIMEOUT_MS,
    });

    // The documents on file, by name; the re-encoded photo downloads as an attachment.
    const documents = page.getByRole('list').filter({ hasText: 'Documents' }).or(page.locator('.kyc-documents'));
    for (const name of ['utility-bill.png', 'id-card.jpg', 'photo.jpg', 'selfie-with-id.jpg']) {
      await expect(documents.getByText(name, { exact: true })).toBeVisible();
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download id-card.jpg' }).click();
    expect((await download).suggestedFilename()).toBe('id-card.jpg');
    await expect(page.locator('.kyc__badge')).toHaveText('Approved');
    await shoot(page, 'desktop-dark-4-approved');
  });

  test('the French page translates the explainer, the steps and the refusals', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
    await openSignedIn(page, customer, '/account/kyc');
    await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez votre identité' })).toBeVisible();
    await expect(page.getByText(/Rora vérifie les identités avec Rora Sandbox ID/)).toBeVisible();
    await page.getByLabel('Nom complet').fill('Ada');
    await page.getByLabel('Adresse').click();
    await expect(page.getByText('Le nom complet doit comporter au moins 5 caractères')).toBeVisible();
    await shoot(page, 'desktop-dark-fr-identity');
  });
});

test.describe('identity verification on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  let customer: Customer;
  test.beforeEach(async ({ request }) => {
    customer = await registerCustomer(request);
  });

  test('a customer rejected for a blurred selfie replaces only that, resubmits and is approved (phone, light theme)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => localStorage.setItem('theme', 'light_theme'));
    await openSignedIn(page, customer, '/account/kyc');
    await fillIdentity(page, 'Grace Hopper');
    // Nothing is wider than the phone: the stepper keeps its six steps in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'mobile-light-1-identity');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await uploadStep(page, 'Proof of residence', fixture('utility-bill.png'));
    await uploadStep(page, 'Photo of your ID', fixture('id-card.jpg'));
    await uploadStep(page, 'Photo of yourself', fixture('photo.jpg'));
    await expect(page.getByRole('heading', { name: 'Selfie with your ID' })).toBeVisible();
    // A touch screen offers the camera (the front one for a selfie) beside the file chooser.
    await expect(page.getByRole('button', { name: 'Take a photo' })).toBeVisible();
    await expect(page.locator('input[capture="user"]')).toHaveCount(1);
    await chooseFile(page, fixture('selfie-blurred.jpg'));
    await shoot(page, 'mobile-light-2-preview');
    await page.getByRole('button', { name: 'Upload and continue' }).click();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await shoot(page, 'mobile-light-3-waiting');

    // Rejected: why, and only the selfie can change.
    await expect(page.getByRole('heading', { name: 'Some items were not accepted' })).toBeVisible({
      timeout: DECISION_TIMEOUT_MS,
    });
    await expect(page.getByText('The image is blurred. Take a new, sharp photo in good light.')).toBeVisible();
    await expect(page.locator('.kyc__badge')).toHaveText('Not approved');
    await expect(page.getByRole('heading', { name: 'Selfie with your ID' })).toBeVisible();
    await expect(page.getByText('Step 5 of 6')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Selfie with your ID' }).last()).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'mobile-light-4-rejected');
    await expect(page.getByRole('button', { name: /Photo of your ID/ })).toHaveCount(0);

    await chooseFile(page, fixture('selfie-with-id.jpg'));
    await page.getByRole('button', { name: 'Upload and continue' }).click();
    await expect(page.getByText('Replaced')).toBeVisible();
    await page.getByRole('button', { name: 'Send my corrections' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await expect(page.getByText(/Resubmitted/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({
      timeout: DECISION_TIMEOUT_MS,
    });
    await expect(page.locator('.kyc-documents').getByText('selfie-with-id.jpg', { exact: true })).toBeVisible();
    await expect(page.locator('.kyc-documents').getByText('selfie-blurred.jpg')).toHaveCount(0);
    await shoot(page, 'mobile-light-5-approved');
  });
});
