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
  // 1 or a thousand: a comma can mark decimals or thousands, so one comma before three digits is refused.
  ['1,000', 'This number is ambiguous'],
  ['12abc', 'Only digits, “.” for decimals and thousands separators'],
  // 40 digits: over what the API takes (24 whole digits); refused here, never sent for a 400.
  ['1234567890123456789012345678901234567890', 'This number is too large: 24 digits at most'],
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
  test.setTimeout(90_000);
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
  // A dot that can only be a decimal point reads as one (an outside tester's report); one that could
  // also separate thousands (1 or 1000) is refused; too many decimals are named as such.
  const total = form.getByLabel('Total');
  await form.getByLabel('Prix', { exact: true }).fill('40000');
  await amount.fill('0.05');
  await expect(amount).toHaveValue('0.05');
  await expect(total).toHaveValue('2\u202f000');
  // This customer has no USDT: the only message is the balance's, none about the number.
  await expect(page.getByRole('alert').filter({ hasText: /ambigu|décimal/ })).toHaveCount(0);
  await amount.fill('0.000000001');
  await expect(page.getByRole('alert').filter({ hasText: 'Trop de décimales\u00a0: 5 au maximum ici' })).toBeVisible();
  await expect(total).toHaveValue('');
  await amount.fill('1.000');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ce nombre est ambigu\u00a0: «\u00a0.\u00a0» peut marquer' }),
  ).toBeVisible();
  await expect(total).toHaveValue('');
  await page.screenshot({ path: 'test-results/web-e2e/amount-fields-fr-ambiguous-dot.png' });
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

test('the limit and dark-pool fields, the price alert and the card purchase refuse the same pastes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '2000');
  await mine(request, 'usdt-erc20', 20);
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Order form' });
  const buy = form.getByRole('button', { name: 'Buy BTC' });
  await form.getByRole('tab', { name: 'Limit' }).click();
  for (const label of ['Price', 'Amount', 'Total']) {
    await form.getByLabel('Price').fill('40000');
    await expectRefusals(page, form.getByLabel(label), buy);
    await form.getByLabel(label).fill('');
  }
  // Too many decimals for the market (BTC/USDT amounts have 5), named with the rule.
  await form.getByLabel('Price').fill('40000');
  await form.getByLabel('Amount').fill('0.000000001');
  await expect(form.getByRole('alert').filter({ hasText: 'Too many decimals: 5 at most here' })).toBeVisible();
  await expect(buy).toBeDisabled();
  await form.getByLabel('Amount').fill('0');
  await expect(form.getByRole('alert').filter({ hasText: 'Enter an amount greater than zero' })).toBeVisible();
  await expect(buy).toBeDisabled();
  // The English thousands format is 1,000.5 USDT: 0.02501 BTC at 40,000, never 1.0005 or 100050 USDT.
  await form.getByLabel('Total').fill('1,000.50');
  await expect(form.getByLabel('Amount')).toHaveValue('0.02501');
  await expect(buy).toBeEnabled();

  await form.getByRole('tab', { name: 'Dark pool' }).click();
  await form.getByLabel('Price').fill('40000');
  await expectRefusals(page, form.getByLabel('Amount'), buy);
  await form.getByLabel('Amount').fill('');

  await page.getByRole('button', { name: 'Set alert' }).click();
  const alert = page.getByRole('dialog', { name: 'Price alert on BTC/USDT' });
  await expectRefusals(
    page,
    alert.getByLabel('Price', { exact: true }),
    alert.getByRole('button', { name: 'Set the alert' }),
  );
  await page.screenshot({ path: 'test-results/web-e2e/amount-fields-alert-too-large.png' });
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/swap');
  const card = page.getByLabel('Amount to pay (USD)');
  const pay = page.getByRole('button', { name: 'Continue to payment' });
  await expectRefusals(page, card, pay);
  await card.fill('150.255');
  await expect(page.getByRole('alert').filter({ hasText: 'Too many decimals: 2 at most here' })).toBeVisible();
  await expect(pay).toBeDisabled();
  await card.fill(' 1,000.50 ');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(pay).toBeEnabled();
});

test('a Brazilian reader’s 1.000,50 is a thousand, and the English 1,000.50 is refused there', async ({
  page,
  request,
}) => {
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', '2000');
  await mine(request, 'usdt-erc20', 20);
  await page.addInitScript(() => localStorage.setItem('lang', 'pt_br'));
  await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
  const form = page.getByRole('form', { name: 'Formulário de ordem' });
  await form.getByRole('tab', { name: 'Limite' }).click();
  await form.getByLabel('Preço').fill('40000');
  const total = form.getByLabel('Total');
  await total.fill('1.000,50');
  await expect(form.getByLabel(/^Quantidade/)).toHaveValue('0,02501');
  await expect(page.getByRole('alert').filter({ hasText: /ambíguo/ })).toHaveCount(0);
  await total.fill('1,000.50');
  await expect(page.getByRole('alert').filter({ hasText: 'Este número é ambíguo' })).toBeVisible();
  await total.fill('1234567890123456789012345678901234567890');
  await expect(page.getByRole('alert').filter({ hasText: 'Este número é grande demais' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Comprar BTC' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/web-e2e/amount-fields-pt-br-too-large.png' });
});
