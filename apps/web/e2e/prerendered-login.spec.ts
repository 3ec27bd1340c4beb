// The login page arrives as HTML in the visitor's language (ADR 0055): it paints before any script
// runs, and the app then takes over the same nodes, with no blank moment and nothing redrawn.
import { expect, test } from './support/fixtures.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'fr-FR' });

  test("the login form is already there, in the browser's language", async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Connexion · Rora');
    await expect(page.getByRole('heading', { name: 'Connexion à Rora' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    // A button's handler comes with the app: until then each one says it cannot act yet.
    await expect(page.getByRole('button', { name: /Langue/ })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Thème sombre' })).toBeDisabled();
  });

  test('the theme the app last stored comes with it', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'light_theme', url: baseURL! }]);
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The switch is drawn in the stored state too: off (light), the sun and not the moon.
    await expect(page.getByRole('switch')).not.toBeChecked();
    await expect(page.locator('.theme-switch .lucide-sun')).toHaveCount(1);
  });
});

test('what is typed before the app starts is kept, and the language choice reaches the server', async ({
  page,
  context,
}) => {
  // The app's code arrives only once the visitor has typed into the painted form, as on a slow link.
  let arrive = () => undefined as void;
  const typed = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/auth/login', { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  await email.pressSequentially('ada@example.com');
  expect((await context.cookies()).some((cookie) => cookie.name === 'lang')).toBe(false);
  arrive();
  // The app has started once it keeps the language in a cookie (right before its first render).
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'lang')).toBe(true);
  await expect(email).toHaveValue('ada@example.com');
  await expect(email).toBeFocused();
  // The app's form holds the e-mail: a password is all the button waits for.
  await page.getByLabel('Password', { exact: true }).fill('Calm-harbour-1');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();

  // The stored language reaches the server as a cookie: the next login page comes in it.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Português (Brasil)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('pt_br');
  const again = await context.request.get('/auth/login', { headers: { 'accept-language': 'en-US' } });
  expect(await again.text()).toContain('<html lang="pt-BR"');
});
