// Numbers in the reader's language (issue 19 defect 6, docs/adr/0035): a French reader sees every
// amount, price, dollar value and percentage with the decimal comma and the narrow no-break space
// that groups thousands (`1 234,5`), in wallets and the bell, the exchange (ticker, book, order
// summary, toast, history), swap and staking; and the Swap page has its own word (Conversion), not
// the Exchange page's (Échange). Screenshots in French at desktop and phone widths go to
// test-results/web-e2e/locale-screens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, confirmOrder } from './market-helpers.ts';
import { approvedCustomer, buyWithCard } from './swap-helpers.ts';
import { faucet, mine } from './wallets-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/locale-screens');

async function shootBoth(page: Page, name: string) {
  await page.screenshot({ path: path.join(screens, `${name}-desktop.png`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screens, `${name}-phone.png`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** French groups thousands with a narrow no-break space. */
const G = '\u202f';
/** Before `%` and `$US` French puts a no-break space (narrow or not, as the browser's ICU writes it). */
const S = '[\u00a0\u202f]';
/** A French number: groups of three after a narrow no-break space, a decimal comma. */
const NUMBER = `\\d{1,3}(?:${G}\\d{3})*`;

async function availableUsdt(request: APIRequestContext, customer: Customer): Promise<string> {
  const response = await request.get('/api/v1/dashboard', { headers: bearer(customer) });
  const body = (await response.json()) as { data?: { assets?: Array<{ assetSymbol: string; available: string }> } };
  return body.data?.assets?.find((asset) => asset.assetSymbol === 'USDT')?.available ?? '0';
}

async function depositUsdt(request: APIRequestContext, customer: Customer, amount: string): Promise<void> {
  await faucet(request, customer, 'USDT', amount);
  await mine(request, 'usdt-erc20', 20);
  await expect.poll(() => availableUsdt(request, customer), { timeout: 20_000 }).toBe(amount);
}

test.describe('numbers in French', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
  });

  test('wallets and the bell write amounts and dollars in French', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await registerCustomer(request);
    await depositUsdt(request, customer, '1234.5');
    await openSignedIn(page, customer, '/dashboard/wallets');
    await expect(page.getByRole('heading', { level: 1, name: 'Portefeuilles' })).toBeVisible();
    // The balance at 3 decimals and its dollar value (USDT at 1 dollar), French marks and sign.
    await expect(page.getByText(`1${G}234,500 USDT`).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(new RegExp(`^1${G}234,50${S}\\$US$`)).first()).toBeVisible();
    await expect(page.getByText('1,234.500 USDT')).toHaveCount(0);

    // The deposit's notification, built from the server's figures, in French marks.
    await page
      .locator('.sidebar')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(new RegExp(`1${G}234,5 USDT`)).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await shootBoth(page, 'fr-wallets');
  });

  test('the exchange writes prices, amounts, the fee and its history in French', async ({ page, request }) => {
    test.setTimeout(120_000);
    const customer = await approvedCustomer(request);
    await depositUsdt(request, customer, '2000');
    await openSignedIn(page, customer, '/dashboard/exchange?pair=BTC-USDT');
    await expect(page.getByRole('heading', { level: 1, name: 'Échange' })).toBeVisible();
    const price = new RegExp(`^${NUMBER},\\d$`);
    await expect(page.locator('.market-bar__last')).toHaveText(price, { timeout: 20_000 });
    await expect(page.locator('.book__price').first()).toHaveText(price);
    await expect(page.locator('.book__amount').first()).toHaveText(new RegExp(`^${NUMBER},\\d+$`));

    const form = page.getByRole('form', { name: 'Formulaire d’ordre' });
    await form.getByRole('tab', { name: 'Marché' }).click();
    await expect(form.getByText(new RegExp(`^Frais${S}: preneur 0,5${S}%, teneur 0,5${S}%$`))).toBeVisible();
    await form.getByLabel('Quantité').fill('0,002');
    await expect(form.getByLabel('Total')).toHaveValue(new RegExp(`^${NUMBER},\\d+$`));
    await expect(form.getByText(new RegExp(`Frais \\(preneur, 0,5${S}%\\)`))).toBeVisible();
    // The summary's USDT figures at USDT's 6 decimals, in French marks (ADR 0035).
    await expect(form.getByText(new RegExp(`^${NUMBER},\\d{6} USDT$`)).first()).toBeVisible();
    await shootBoth(page, 'fr-exchange-summary');
    await form.getByRole('button', { name: 'Acheter BTC' }).click();
    const words = {
      title: 'Confirmez votre ordre',
      confirm: 'Confirmer l’achat',
      accept: 'Accepter les nouveaux montants',
    };
    const dialog = confirmDialog(page, words);
    await expect(dialog.getByText(new RegExp(`^${NUMBER},\\d{6} USDT$`)).first()).toBeVisible();
    await page.screenshot({ path: path.join(screens, 'fr-exchange-confirm-desktop.png'), animations: 'disabled' });
    await confirmOrder(page, words);
    await expect(page.getByText('Ordre exécuté (Achat) : 0,002 BTC')).toBeVisible();
    // The form clears for the next order, in French marks still.
    await expect(form.getByLabel('Quantité')).toHaveValue('');
    await expect(form.getByLabel('Total')).toHaveValue('');

    await page.getByRole('tab', { name: 'Historique' }).click();
    const filled = page.locator('tr').filter({ hasText: 'moy.' }).first();
    await expect(filled.getByText(new RegExp(`^moy\\. ${NUMBER},\\d$`))).toBeVisible();
    await expect(filled.getByText(/^0,00199 BTC$/)).toBeVisible();
    await shootBoth(page, 'fr-exchange-history');
  });

  test('a swap quote reads in French, capped at 8 decimals, worth what arrives', async ({ page, request }) => {
    test.setTimeout(120_000);
    const customer = await approvedCustomer(request);
    await buyWithCard(request, customer, 'BTC', '1000');
    await openSignedIn(page, customer, '/dashboard/swap');
    // The Swap page's own word, not the Exchange page's.
    await expect(page.getByRole('heading', { level: 1, name: 'Conversion' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /échange/i })).toHaveCount(0);
    await expect(page.getByText(/^Disponible\s: 0,0\d{2,3} BTC$/)).toBeVisible();
    await page.getByLabel('Montant en BTC').fill('0,01');
    await expect(page.getByTestId('quote-receive')).toHaveText(/^\d+,\d{1,8} ETH$/);
    await expect(
      page.getByText(new RegExp(`^Valeur d’environ ${NUMBER},\\d{2}${S}\\$US après l’écart et les frais$`)),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`^Écart \\(0,50${S}%\\)$`))).toBeVisible();
    await expect(page.getByText(/\d+\.\d{9,} ETH/)).toHaveCount(0);
    await shootBoth(page, 'fr-swap-quote');
  });

  test('staking promises its rate in French', async ({ page, request }) => {
    const customer = await registerCustomer(request);
    await openSignedIn(page, customer, '/dashboard/finance/stake');
    await expect(page.getByText(new RegExp(`jusqu’à 14,5${S}% par an`))).toBeVisible();
  });
});
