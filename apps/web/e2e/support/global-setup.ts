// Resolves the browser once (unpacking the bundled Chromium takes a few seconds the first time) and
// hands it to the workers through the environment, which Playwright passes on to them.
import { resolveChrome } from './browser.ts';

export default async function globalSetup(): Promise<void> {
  const chrome = await resolveChrome();
  process.env.RORA_E2E_CHROME = chrome.executablePath;
  process.env.RORA_E2E_CHROME_ARGS = JSON.stringify(chrome.args);
}
