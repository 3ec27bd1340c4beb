// Issue 19, defect 1, as a customer meets it: amounts pasted into the exchange's Total, the send
// Amount and the swap Amount are read as the person means them or refused with a message and a
// disabled button; none is ever rewritten into another number.
import type { Locator, Page } from '@playwright/test';
import { openSignedIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { faucet, mine, setPin } from './wallets-helpers.ts';

const refused: Array<[string, string]> = [
  ['1e9', 'Write the number in full (no “e” notation)'],
  ['1e-3', 'Write the number in full (no “e” notation)'],
  ['-5', 'Amounts cannot be negative'],
  ['1.2.3', 'Only one “.” for the decimals'],
  ['1,00050', 'This number is ambiguous'],
];

async function expectRefusals(page: Page, field: Locator, button: Locator): Promise<void> {
  for (const [text, message] of refused) {
    await field.fill(text);
    await expect(field, text).toHaveValue(text);
    await expect(page.getByRole('alert').filter({ hasText: message }), text).toBeVisible();
    await expect(button, text).toBeDisabled();
  }
}

test('pasted amounts are read as meant or refused visibly, in the exchange, send and swap', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = await approvedCustomer(request);
  await setPin(request, customer);
  await faucet(request, customer, 'USDT', '2000');
  await faucet(request, customer, 'BTC', '0.5');
  await mine(request, 'usdt-erc20', 20);
  await mine(request, 'btc', 3);

  // Exchange, market buy: the Total in the app's own thousands format is 1000.50 USDT.
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByRole('tab', { name: 'Market' }).click();
  const total = form.getByLabel('Total');
  const buy = form.getByRole('button', { name: 'Buy BTC' });
  await expectRefusals(page, total, buy);
  await total.fill('1,000.50');
  await expect(total).toHaveValue('1,000.50');
  // About 1,000 USDT of BTC near the sandbox's 46,000 (never 1.0005 USDT's worth).
  await expect(form.getByLabel('Amount')).toHaveValue(/^0\.0[12]\d+$/);
  await expect(buy).toBeEnabled({ timeout: 15_000 });

  // Send: 1e9 never becomes a 19 BTC send.
  await page.goto('/dashboard/wallets');
  await expect(page.getByTestId('active-balance')).toHaveText('0.500 BTC', { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Send' }).click();
  await page.getByLabel('Recipient address').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  const amount = page.getByLabel('Amount');
  await expectRefusals(page, amount, page.getByRole('button', { name: 'Review send' }));
  await amount.fill('0.123456789');
  await expect(page.getByRole('alert').filter({ hasText: 'Too many decimals: 8 at most here' })).toBeVisible();
  await amount.fill('0.01');
  await expect(page.getByRole('button', { name: 'Review send' })).toBeEnabled();

  // Swap.
  await page.goto('/dashboard/swap');
  const swapAmount = page.getByLabel('Amount in BTC');
  await expect(swapAmount).toBeVisible();
  await expectRefusals(page, swapAmount, page.getByRole('button', { name: 'Review swap' }));
});

/** Pastes through the clipboard, as a person does (Ctrl+V), rather than setting the value. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.focus();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+V');
  await expect(field, text).toHaveValue(text);
}

test('pasted amounts in the lending and staking dialogs, full-width digits too', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '500');
  await mine(request, 'usdt-erc20', 20);
  const context = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();

  await openSignedIn(page, customer, '/dashboard/finance');
  await page.getByRole('button', { name: 'New loan request' }).first().click();
  const loan = page.getByRole('dialog', { name: 'New loan request' });
  const post = loan.getByRole('button', { name: 'Post request' });
  for (const label of ['Amount (USDT)', 'Collateral (BTC)']) {
    await expectRefusals(page, loan.getByLabel(label), post);
    await loan.getByLabel(label).fill('');
  }
  // A Japanese, Chinese or Korean keyboard types full-width digits: the same number, not "only digits".
  await paste(page, loan.getByLabel('Amount (USDT)'), '５');
  await expect(loan.getByText('The smallest loan is worth 10 US dollars')).toBeVisible();
  await paste(page, loan.getByLabel('Amount (USDT)'), '１２．５');
  await expect(loan.getByRole('alert').filter({ hasText: /Only digits|smallest loan/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/finance/stake');
  await page
    .getByRole('button', { name: /^Stake USDT/ })
    .first()
    .click();
  const stake = page.getByRole('dialog', { name: 'Stake USDT' });
  const amount = stake.getByLabel('Amount in USDT');
  const confirm = stake.getByRole('button', { name: 'Confirm stake' });
  await expectRefusals(page, amount, confirm);
  await paste(page, amount, '  5 ');
  await expect(stake.getByText('The minimum stake for this plan is 10 USDT')).toBeVisible();
  await paste(page, amount, '１２．５');
  await expect(stake.getByRole('alert')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: 'test-results/web-e2e/amount-fields-stake-full-width.png' });
  await context.close();
});

test('a French reader types the French decimal comma and thousands spaces', async ({ page, request }) => {
  const customer = await approvedCustomer(request);
  await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Formulaire d’ordre' });
  const amount = form.getByLabel('Quantité');
  await amount.fill('1 000,5');
  await expect(amount).toHaveValue('1 000,5');
  await expect(page.getByRole('alert').filter({ hasText: /ambigu|décimal/ })).toHaveCount(0);
  await amount.fill('1,000.50');
  await expect(page.getByRole('alert').filter({ hasText: 'Ce nombre est ambigu' })).toBeVisible();
  // Defect 6: the Swap menu item (Conversion) opens a page with that title, not the Exchange's word.
  await page.getByRole('link', { name: 'Conversion' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion' })).toBeVisible();
  await expect(page).toHaveTitle('Conversion · Rora');
});

test('a pasted destination tag is kept as written and refused, never trimmed into another tag', async ({
  page,
  request,
}) => {
  const customer = await approvedCustomer(request);
  await openSignedIn(page, customer, '/dashboard/wallets');
  await page.getByRole('button', { name: 'Change wallet' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a wallet' });
  await picker.getByLabel('Search by coin or network').fill('xrp');
  await picker.getByRole('button', { name: /XRP/ }).click();
  await page.getByRole('tab', { name: 'Send' }).click();
  const tag = page.getByLabel('Destination tag');
  // Stripped of what is not a digit these read 19, 100050, 5 and the first ten digits: another
  // customer's tag at an exchange, or none of theirs.
  for (const text of ['1e9', '1,000.50', '-5', '12345678901']) {
    await tag.fill(text);
    await tag.blur();
    await expect(tag, text).toHaveValue(text);
    await expect(page.getByText('A destination tag is a whole number up to 4294967295'), text).toBeVisible();
  }
  await tag.fill('123456');
  await expect(page.getByText('A destination tag is a whole number up to 4294967295')).toBeHidden();
});
