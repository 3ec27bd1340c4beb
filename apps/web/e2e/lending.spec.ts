// P2P lending journeys (spec §2 /dashboard/finance, issue 17) on the real server: A posts a request
// with BTC collateral (live LTV and repayment before confirming), B funds it from the marketplace,
// A repays, and each sees the loan move between their views, live. Then a price drop (the sandbox
// price control) liquidates a loan and both are notified. Screenshots at 1280 and 390 px go to
// test-results/web-e2e/lending-screens.
import type { Browser, Page } from '@playwright/test';
import { openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer, buyWithCard } from './swap-helpers.ts';
import { lend, postLoanRequest, setBtcPrice, shoot } from './lending-helpers.ts';

const PHONE = { width: 390, height: 844 };

async function openFinance(browser: Browser, baseURL: string | undefined, customer: Customer): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, customer, '/dashboard/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'P2P lending' })).toBeVisible();
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const loanCard = (page: Page) => page.getByRole('tabpanel').getByRole('listitem', { name: 'Loan of 500 USDT' });

async function showView(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

test.describe('P2P lending', () => {
  // One after another, not side by side: the price-drop journey sets the sandbox's BTC price for
  // every loan on the server, and a lend running meanwhile was refused ("the collateral has lost
  // value"), on its first try and its retry.
  test.describe.configure({ mode: 'default' });

  test('A posts a request, B lends, A repays, and the loan moves between their views', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const [borrower, lender] = await Promise.all([approvedCustomer(request), approvedCustomer(request)]);
    // Enough BTC at the sandbox market's price for 0.02 BTC of collateral to keep 500 USDT under 65 %.
    await buyWithCard(request, borrower, 'BTC', '1500');
    await buyWithCard(request, borrower, 'USDT', '50');
    await buyWithCard(request, lender, 'USDT', '600');
    const a = await openFinance(browser, baseURL, borrower);
    const b = await openFinance(browser, baseURL, lender);

    await showView(a, 'My requests');
    await expect(a.getByText('You have no open requests')).toBeVisible();
    await a.getByRole('button', { name: 'New loan request' }).first().click();
    const dialog = a.getByRole('dialog', { name: 'New loan request' });
    await dialog.getByLabel('Amount (USDT)').fill('500');
    await dialog.getByLabel('Yearly interest rate (%)').fill('12');
    await dialog.getByLabel('Collateral (BTC)').fill('2');
    await expect(dialog.getByText('Your available balance does not cover this collateral')).toBeVisible();
    await dialog.getByLabel('Collateral (BTC)').fill('0.02');
    await expect(dialog.getByTestId('preview-ltv')).toHaveText(/^\d\d\.\d\d%$/);
    // 500 USDT for 30 days at 12 %: 4.931507 interest (rounded up), 504.931507 at term.
    await expect(dialog.getByText('504.931507 USDT')).toBeVisible();
    await shoot(a, 'desktop-1-request-dialog');
    await dialog.getByRole('button', { name: 'Post request' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      a.getByText('Your loan request is posted and 0.02 BTC is held until it is funded or cancelled.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(loanCard(a)).toContainText('Open');
    await shoot(a, 'desktop-2-my-requests');

    // The marketplace asks again every 5 s: A's new request appears on B's screen by itself.
    await expect(loanCard(b)).toBeVisible({ timeout: 15_000 });
    await shoot(b, 'desktop-3-marketplace');
    await loanCard(b).getByRole('button', { name: 'Lend' }).click();
    const lendDialog = b.getByRole('dialog', { name: 'Lend' });
    await expect(lendDialog.getByText('500.000000 USDT', { exact: true })).toBeVisible();
    await shoot(b, 'desktop-4-lend-dialog');
    await lendDialog.getByRole('button', { name: 'Lend now' }).click();
    await expect(lendDialog).toBeHidden();
    await showView(b, 'Lending');
    await expect(loanCard(b)).toContainText('Active');

    // A's views follow over the WebSocket: the request left "My requests" for "Borrowing".
    await expect(a.getByText('You have no open requests')).toBeVisible();
    await showView(a, 'Borrowing');
    await expect(loanCard(a)).toContainText('Active');
    await loanCard(a).getByRole('button', { name: 'Repay' }).click();
    const repayDialog = a.getByRole('dialog', { name: 'Repay' });
    // Repaid at once: the minimum interest period (7 days) of 12 % on 500 USDT.
    await expect(repayDialog.getByText('501.150685 USDT')).toBeVisible();
    await shoot(a, 'desktop-5-repay-dialog');
    await repayDialog.getByRole('button', { name: 'Repay now' }).click();
    await expect(repayDialog).toBeHidden();
    await expect(
      a.getByText('You paid 501.150685 USDT. The loan is repaid and 0.02 BTC is back in your wallet'),
    ).toBeVisible();
    await expect(a.getByText('You are not borrowing')).toBeVisible();
    await showView(a, 'Repaid loans');
    await expect(loanCard(a)).toContainText('Repaid');

    await expect(b.getByText('You are not lending')).toBeVisible();
    await showView(b, 'Repaid to me');
    await expect(loanCard(b)).toContainText('Repaid');
    await loanCard(b).getByRole('button', { name: 'Details' }).click();
    const detail = b.getByRole('dialog', { name: 'Loan details' });
    await expect(detail.getByRole('listitem')).toHaveText([/^Posted/, /^Funded/, /^Repaid/]);
    await shoot(b, 'desktop-6-detail');

    await a.setViewportSize(PHONE);
    await shoot(a, 'phone-1-repaid');
    await showView(a, 'Marketplace');
    await a.getByRole('button', { name: 'New loan request' }).first().click();
    await a.getByRole('dialog', { name: 'New loan request' }).getByLabel('Amount (USDT)').fill('100');
    await shoot(a, 'phone-2-request-dialog');
  });

  for (const language of [
    {
      lang: 'en',
      requests: 'My requests',
      cancel: 'Cancel request',
      collateral: 'Collateral',
      shown: '0.00500000 BTC',
    },
    {
      lang: 'fr',
      requests: 'Mes demandes',
      cancel: 'Annuler la demande',
      collateral: 'Collatéral',
      shown: '0,00500000 BTC',
    },
  ]) {
    test(`a request's collateral reads the same on its card and in its cancel dialog (${language.lang})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(120_000);
      const borrower = await approvedCustomer(request);
      await buyWithCard(request, borrower, 'BTC', '1500');
      await postLoanRequest(request, borrower, { amount: '100', collateralAmount: '0.005' });
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), language.lang);
      const page = await context.newPage();
      await openSignedIn(page, borrower, '/dashboard/finance');
      await showView(page, language.requests);
      const card = page.getByRole('tabpanel').getByRole('listitem');
      const figure = (scope: typeof card, label: string) =>
        scope.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');
      // The coins (the dollar value under them follows the price).
      await expect(figure(card, language.collateral).locator('.loan-card__coins')).toHaveText(language.shown);
      await shoot(page, `desktop-8-request-card-${language.lang}`);
      await card.getByRole('button', { name: language.cancel }).click();
      const dialog = page.getByRole('dialog', { name: language.cancel });
      await expect(dialog.locator('dd')).toHaveText([language.shown]);
      await shoot(page, `desktop-9-cancel-dialog-${language.lang}`);
      await context.close();
    });
  }

  test('a price drop liquidates a loan and both sides are notified', async ({ browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const [borrower, lender] = await Promise.all([approvedCustomer(request), approvedCustomer(request)]);
    await buyWithCard(request, borrower, 'BTC', '1500');
    await buyWithCard(request, lender, 'USDT', '600');
    const loanId = await postLoanRequest(request, borrower, { amount: '500', collateralAmount: '0.02' });
    await lend(request, lender, loanId);
    const a = await openFinance(browser, baseURL, borrower);
    const b = await openFinance(browser, baseURL, lender);
    await showView(a, 'Borrowing');
    await expect(loanCard(a)).toContainText('Active');
    try {
      // 0.02 BTC at 20,000 US dollars is 400: the 500 USDT loan is over 100 % of its collateral.
      expect((await setBtcPrice(request, '20000')).liquidated).toBeGreaterThanOrEqual(1);
    } finally {
      await setBtcPrice(request, undefined);
    }
    await expect(a.getByText('You are not borrowing')).toBeVisible();
    await showView(a, 'Repaid loans');
    await expect(loanCard(a)).toContainText('Liquidated');
    await showView(b, 'Repaid to me');
    await expect(loanCard(b)).toContainText('Liquidated');

    for (const [page, text] of [
      [a, /Your loan of 500 USDT was liquidated at .+ loan-to-value: the lender was paid from your .+ BTC collateral/],
      [b, /Your loan of 500 USDT was liquidated at .+ loan-to-value: you were paid from its .+ BTC collateral/],
    ] as const) {
      await page
        .locator('.sidebar')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText(text)).toBeVisible();
    }
    await shoot(b, 'desktop-7-liquidated-notified');
    await a.keyboard.press('Escape');
    await loanCard(a).getByRole('button', { name: 'Details' }).click();
    const detail = a.getByRole('dialog', { name: 'Loan details' });
    await expect(detail.getByRole('listitem')).toHaveText([/^Posted/, /^Funded/, /^Liquidated/]);
    // What the collateral paid for, in USDT: the debt then (500 and its interest) and the 5 % penalty.
    const figure = (label: string) => detail.locator('dl > div', { has: a.getByText(label, { exact: true }) });
    await expect(figure('Debt at settlement')).toHaveText(/^Debt at settlement50\d\.\d{6} USDT$/);
    await expect(figure('Penalty on the debt')).toHaveText(/^Penalty on the debt25\.\d{6} USDT$/);
    await a.setViewportSize(PHONE);
    await shoot(a, 'phone-3-liquidated-detail');
  });
});

test('a customer not yet verified is told that borrowing and lending need it, with the way there', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(request);
  await openSignedIn(page, customer, '/dashboard/finance');
  const notice = page.getByRole('note', { name: 'Verify your identity to borrow or lend' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/account/kyc');
  await shoot(page, 'desktop-kyc-notice');
  await page.setViewportSize(PHONE);
  await expect(notice).toBeVisible();
  await shoot(page, 'phone-kyc-notice');
});
