// Screenshots of the account screens for review (apps/web/e2e/screenshots/): desktop 1280x800 and
// phone 390x844, in several languages and both themes, with the 2FA recovery codes dialog. Each shot
// also checks the screen has no horizontal overflow (nothing cut off at 390 px).
import type { Page } from '@playwright/test';
import { openSignedIn, registerCustomer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { signInElsewhere, turnOnTwoFactor } from './account-helpers.ts';

const SHOTS = 'apps/web/e2e/screenshots';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const SCREENS = [
  [
    'settings',
    '/dashboard/account',
    {
      en: 'Account settings',
      fr: 'Paramètres du compte',
      pt_br: 'Configurações da conta',
      la_es: 'Configuración de la cuenta',
    },
  ],
  [
    'security',
    '/dashboard/account/security',
    { en: 'Account security', fr: 'Sécurité du compte', pt_br: 'Segurança da conta', la_es: 'Seguridad de la cuenta' },
  ],
  [
    'notifications',
    '/dashboard/account/notifications',
    {
      en: 'Notification settings',
      fr: 'Paramètres de notification',
      pt_br: 'Configurações de notificação',
      la_es: 'Configuración de notificaciones',
    },
  ],
] as const;
const RUNS = [
  { lang: 'en', theme: 'dark' },
  { lang: 'fr', theme: 'light' },
  { lang: 'pt_br', theme: 'dark' },
  { lang: 'la_es', theme: 'light' },
] as const;

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { lang, theme } of RUNS) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`account screens in ${lang}, ${theme} theme, ${size}`, async ({ page, request }) => {
      const customer = await registerCustomer(request);
      await signInElsewhere(request, customer);
      await page.setViewportSize(viewport);
      await page.addInitScript(
        ({ language, themeName }) => {
          localStorage.setItem('lang', language);
          localStorage.setItem('theme', themeName);
        },
        { language: lang, themeName: `${theme}_theme` },
      );
      await openSignedIn(page, customer, '/dashboard/account');
      for (const [name, path, headings] of SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: headings[lang] })).toBeVisible();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `${SHOTS}/account-${name}-${lang}-${theme}-${size}.png`, fullPage: true });
      }
      if (lang === 'en' || lang === 'fr') {
        await page.goto('/dashboard/account/security');
        if (lang === 'en') {
          await turnOnTwoFactor(page);
        } else {
          await page.getByRole('button', { name: 'Configurer l’application' }).click();
          await expect(page.getByTestId('totp-secret')).toBeVisible();
        }
        await page.screenshot({ path: `${SHOTS}/account-2fa-dialog-${lang}-${theme}-${size}.png` });
      }
    });
  }
}
