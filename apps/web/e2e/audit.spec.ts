// The audit of reserves journey in Chromium on the built app and the real server: a customer with
// balances in three assets (real devnet deposits) opens the page after a snapshot, verifies their
// balances in the browser and sees success; downloads the proof; a tampered copy loaded into the
// file picker fails with the step that broke; another customer's proof file verifies as that
// customer's, not theirs. Screenshots at 1280 and 390 px, both themes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bearer, openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { faucet, mine, walletOf } from './wallets-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const screens = path.resolve(here, '../../../test-results/web-e2e/audit-screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true, animations: 'disabled' });

const DEPOSITS = [
  { asset: 'BTC', amount: '0.25', network: 'btc', blocks: 3 },
  { asset: 'ETH', amount: '1.5', network: 'eth', blocks: 13 },
  { asset: 'XRP', amount: '40', network: 'xrp', blocks: 2 },
] as const;

test("a customer verifies their balances in the browser; a tampered proof fails, another's is not theirs", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(request);
  const other = await registerCustomer(request);
  await walletOf(request, customer, 'btc');
  await walletOf(request, other, 'xrp');
  await faucet(request, other, 'XRP', '7');
  for (const deposit of DEPOSITS) {
    await faucet(request, customer, deposit.asset, deposit.amount);
    await mine(request, deposit.network, deposit.blocks);
  }
  for (const deposit of DEPOSITS) {
    await expect.poll(async () => (await walletOf(request, customer, deposit.network)).balance).toBe(deposit.amount);
  }
  await expect.poll(async () => (await walletOf(request, other, 'xrp')).balance).toBe('7');
  const snapshot = await request.post('/api/v1/dev/audit/snapshot');
  expect(snapshot.ok(), await snapshot.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, customer, '/dashboard/account/audit');
  await expect(page.getByRole('heading', { name: 'Audit of reserves', level: 1 })).toBeVisible();
  await expect(page.getByTestId('audit-asset-BTC')).toContainText('BTC');
  // Amounts are grouped like every other screen's: no whole part of four digits or more in a row.
  const table = (await page.locator('.audit-table tbody').textContent()) ?? '';
  expect(table).not.toMatch(/(?<![.\d])\d{4,}/);
  // The sandbox holds on chain what it owes its customers; the house's own traders are not owed (ADR 0078).
  expect(table).not.toContain('Below 100%');
  await expect(page.getByRole('heading', { name: 'What this proves, and what it does not' })).toBeVisible();

  await page.getByRole('button', { name: 'Verify my balances' }).click();
  const result = page.getByTestId('audit-result');
  await expect(result).toHaveText('Verified: your balances are included in the published liabilities.');
  await expect(page.getByTestId('audit-balances')).toHaveText('0.25 BTC · 1.5 ETH · 40 XRP');
  await expect(page.getByText('The root is the one Rora published')).toBeVisible();
  await shoot(page, 'audit-verified-1280-dark');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my proof' }).click(),
  ]);
  const proof = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(proof.format).toBe('rora-liability-proof/v1');
  expect(proof.leaves).toHaveLength(3);
  const step = proof.leaves[0].path[0];
  step.hash = (step.hash[0] === '0' ? '1' : '0') + step.hash.slice(1);
  const tampered = testInfo.outputPath('tampered-proof.json');
  await writeFile(tampered, JSON.stringify(proof));

  await page.getByLabel('Verify a proof file').setInputFiles(tampered);
  await expect(result).toContainText('Not verified.');
  await expect(result).toContainText('Leaf 1: reaches the root failed: the hash does not match the root');
  await expect(page.locator('.audit-step--failed')).toHaveCount(1);
  await shoot(page, 'audit-tampered-1280-dark');

  // The other customer's proof walks to the published root too, but it is theirs, not the reader's.
  const others = await request.get(`/api/v1/audit/snapshots/${proof.snapshot.id}/proof`, { headers: bearer(other) });
  expect(others.ok(), await others.text()).toBe(true);
  const othersFile = testInfo.outputPath('other-customer-proof.json');
  await writeFile(othersFile, JSON.stringify((await others.json()).data));
  await page.getByLabel('Verify a proof file').setInputFiles(othersFile);
  await expect(result).toContainText('This proof is not yours');
  await expect(page.getByText("This proof's balances at the snapshot:")).toBeVisible();
  await expect(page.getByTestId('audit-balances')).toHaveText('7 XRP');

  await page.evaluate(() => localStorage.setItem('theme', 'light_theme'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Verify my balances' }).click();
  await expect(result).toHaveText('Verified: your balances are included in the published liabilities.');
  await shoot(page, 'audit-verified-390-light');
  await page.getByTestId('audit-asset-BTC').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screens, 'audit-table-390-light.png'), animations: 'disabled' });
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screens, 'audit-result-390-light.png'), animations: 'disabled' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(0);
});
