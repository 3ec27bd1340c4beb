// The staking journey (spec §2 /dashboard/finance/stake) on the real server: a customer funded
// through the devnet faucet reads the 14.5 % promise and the plans, stakes USDT on the flexible plan
// after reading the expected daily and total rewards, lets days pass on the sandbox's staking clock
// (POST /dev/staking/days-pass), sees the rewards appear by themselves (WebSocket), and unstakes.
// Screenshots at 1280 and 390 px, in both themes, go to test-results/web-e2e/staking-screens.
// The tests of this file run one after another: days passing on the sandbox's staking clock move
// every stake's rewards, so one test's days must not land between another's stake and its check.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, openSignedIn, type Customer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { spills } from './support/layout.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { faucet, mine } from './wallets-helpers.ts';

const screens = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-results/web-e2e/staking-screens',
);
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });

async function availableUsdt(request: APIRequestContext, customer: Customer): Promise<string> {
  const response = await request.get('/api/v1/dashboard', { headers: bearer(customer) });
  const body = (await response.json()) as { data?: { assets?: Array<{ assetSymbol: string; available: string }> } };
  return body.data?.assets?.find((asset) => asset.assetSymbol === 'USDT')?.available ?? '0';
}

/** A customer with approved KYC (staking needs it, spec §9) and `usdt` available. */
async function fundedCustomer(request: APIRequestContext, usdt: string): Promise<Customer> {
  const customer = await approvedCustomer(request);
  await faucet(request, customer, 'USDT', usdt);
  await mine(request, 'usdt-erc20', 20);
  await expect.poll(() => availableUsdt(request, customer), { timeout: 20_000 }).toBe(usdt);
  return customer;
}

/**
 * Lets `days` pass on the sandbox's staking clock from the day the customer's newest stake was made
 * (the day before its start day). The route takes the date to reach, so a retry moves it once.
 */
async function daysPassSinceStaking(request: APIRequestContext, customer: Customer, days: number) {
  const stakes = await request.get('/api/v1/staking/stake', { headers: bearer(customer) });
  const [newest] = ((await stakes.json()) as { data: { items: Array<{ startDay: string }> } }).data.items;
  const until = new Date(Date.parse(`${newest!.startDay}T00:00:00Z`) + (days - 1) * 86_400_000);
  const passed = await request.post('/api/v1/dev/staking/days-pass', {
    data: { until: until.toISOString().slice(0, 10) },
  });
  expect(passed.ok(), await passed.text()).toBe(true);
}

test.describe.configure({ mode: 'default' });

async function openStaking(page: Page, customer: Customer) {
  await openSignedIn(page, customer, '/dashboard/finance/stake');
  await expect(page.getByRole('heading', { level: 1, name: 'Staking' })).toBeVisible();
}

test.describe('staking', () => {
  test('a customer stakes USDT, days pass, rewards appear, and they unstake', async ({ page, request }) => {
    test.setTimeout(120_000);
    const customer = await fundedCustomer(request, '100');
    await openStaking(page, customer);
    await expect(page.getByText(/up to 14\.5% a year, mainly on stablecoins/)).toBeVisible();
    await expect(page.getByText('No stakes yet')).toBeVisible();
    await shoot(page, 'desktop-dark-1-plans');

    await page.getByRole('button', { name: 'Stake USDT, Flexible' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stake USDT' });
    const amount = dialog.getByLabel('Amount in USDT');
    await amount.fill('5');
    await expect(dialog.getByText('The minimum stake for this plan is 10 USDT')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm stake' })).toBeDisabled();
    // A refused amount earns nothing to show: a dash, not "0 USDT".
    await expect(dialog.locator('.staking-summary dd', { hasText: /^0 USDT$/ })).toHaveCount(0);
    await expect(dialog.locator('.staking-summary dd', { hasText: /^—$/ })).toHaveCount(2);
    await amount.fill('500');
    await expect(dialog.getByText('Your available balance does not cover this amount')).toBeVisible();
    await amount.fill('50');
    // 50 USDT at 6 %: 0.008219 the first day, 3 USDT over the year.
    await expect(dialog.getByText('0.008219 USDT')).toBeVisible();
    await expect(dialog.getByText('3 USDT', { exact: true })).toBeVisible();
    await shoot(page, 'desktop-dark-2-stake-dialog');
    await dialog.getByRole('button', { name: 'Confirm stake' }).click();
    await expect(dialog).toBeHidden();

    const stakes = page.getByRole('region', { name: 'Your stakes' });
    const stake = stakes.getByRole('listitem').first();
    await expect(stake).toContainText('50 USDT');
    await expect(stake).toContainText('Active');
    await expect.poll(() => availableUsdt(request, customer)).toBe('50');

    // Four days pass: the day of staking earns nothing, then three complete days are credited.
    await daysPassSinceStaking(request, customer, 4);
    // 3 days at 6 % on 50 USDT: floor(50,000,000 × 600 × 3 / 3,650,000) = 24,657 minor units.
    await expect(stake).toContainText('0.024657 USDT');
    await shoot(page, 'desktop-dark-3-rewards');

    await stake.getByRole('button', { name: 'Unstake 50 USDT' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unstake' });
    await expect(confirm.getByText('50 USDT goes back to your available balance.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Unstake now' }).click();
    await expect(confirm).toBeHidden();
    await expect(stake).toContainText('Unstaked');
    await expect.poll(() => availableUsdt(request, customer)).toBe('100.024657');
    await shoot(page, 'desktop-dark-4-unstaked');
  });
});

test.describe('staking on a phone, in light', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });

  test('fits a phone in both themes', async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await fundedCustomer(request, '100');
    await openStaking(page, customer);
    await page.evaluate(() => localStorage.setItem('theme', 'light_theme'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Staking' })).toBeVisible();
    await page.getByRole('button', { name: 'Stake USDT, Locked 30 days' }).click();
    await page.getByRole('dialog', { name: 'Stake USDT' }).getByLabel('Amount in USDT').fill('60');
    await shoot(page, 'mobile-light-stake-dialog');
    await page.getByRole('button', { name: 'Confirm stake' }).click();
    await expect(page.getByRole('region', { name: 'Your stakes' }).getByRole('listitem').first()).toContainText(
      '60 USDT',
    );
    await shoot(page, 'mobile-light-stakes');
    await page.evaluate(() => localStorage.setItem('theme', 'dark_theme'));
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your stakes' }).getByRole('listitem').first()).toContainText(
      'Active',
    );
    await shoot(page, 'mobile-dark-stakes');

    for (const [lang, stake, confirm] of [
      ['fr', 'Staker du USDT, Flexible', 'Confirmer le staking'],
      ['la_es', 'Stakear USDT, Flexible', 'Confirmar staking'],
      ['pt_br', 'Aplicar USDT em staking, Flexível', 'Confirmar staking'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      await page.reload();
      await page.getByRole('button', { name: stake }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('20');
      await expect(page.getByRole('dialog').getByRole('button', { name: confirm })).toBeEnabled();
      await shoot(page, `mobile-dark-${lang}-stake-dialog`);
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('stake rows with long figures', () => {
  // Tester's report: at 1280 px "0.147945 USDTDec 12, 2026", an amount spilling into the next column.
  async function expectRowsFit(page: Page, where: string) {
    const rows = page.getByRole('region', { name: /Your stakes|Vos stakings/ }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const cells = 'dt, dd, .staking-stake__amount, .staking-stake__plan, .staking-chip';
    for (const row of await rows.all()) expect(await spills(row, cells), where).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
  }

  test('keep every figure in its own cell at every width, in English and French', async ({ page, request }) => {
    // Sixteen screens (eight widths, two languages), each loaded afresh.
    test.setTimeout(360_000);
    const customer = await fundedCustomer(request, '1100000');
    for (const [plan, amount] of [
      ['usdt-flexible', '99999.999999'],
      ['usdt-180', '999999.999999'],
    ] as const) {
      const staked = await request.post('/api/v1/staking/stake', {
        headers: { ...bearer(customer), 'Idempotency-Key': `rows-${plan}` },
        data: { plan, amount },
      });
      expect(staked.status(), await staked.text()).toBe(201);
    }
    await daysPassSinceStaking(request, customer, 9);

    await openStaking(page, customer);
    for (const lang of ['en', 'fr'] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      for (const width of [320, 390, 560, 768, 960, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await expectRowsFit(page, `${lang} at ${width} px`);
        if (width === 1280 || width === 390) {
          const region = page.getByRole('region', { name: /Your stakes|Vos stakings/ });
          await region.screenshot({ path: path.join(screens, `stake-rows-${lang}-${width}.png`) });
        }
      }
    }
  });
});
