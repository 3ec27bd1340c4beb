// Theme and language choices are stored (theme, lang) and survive a reload (spec §3, §4).
import { expect, test } from './support/fixtures.ts';

test('the theme switch survives a reload', async ({ page }) => {
  await page.goto('/auth/login');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const toggle = page.getByRole('switch', { name: 'Dark theme' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light_theme');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked();
});

test('choosing French reloads the page in French and stays French', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion à Rora' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle('Connexion · Rora');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion à Rora' })).toBeVisible();
  await page.getByLabel('E-mail').fill('x');
  await expect(page.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible();
});

test('Spanish and Portuguese texts and the keyboard-driven selector', async ({ page }) => {
  await page.goto('/auth/login');
  const selector = page.getByRole('button', { name: /Language/ });
  // Painted from HTML first, the selector is disabled until the app takes over (ADR 0055).
  await expect(selector).toBeEnabled();
  await selector.focus();
  await selector.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Inicia sesión en Rora' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
  await page.getByRole('button', { name: /Idioma/ }).click();
  await page.getByRole('option', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('heading', { name: 'Entre na Rora' })).toBeVisible();
});
