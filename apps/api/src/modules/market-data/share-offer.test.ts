// GET /market/share-offer: the share notice's address is a real one of the running system (the
// devnet's hot wallet in the sandbox) or the configured one; a malformed address stops the start.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

async function offerOf(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/market/share-offer' });
  expect(response.statusCode).toBe(200);
  return { t, offer: response.json().data };
}

describe('the share offer', () => {
  it("names the devnet's hot wallet on ERC-20 in the sandbox", async () => {
    const { t, offer } = await offerOf();
    expect(offer).toEqual({
      pricePerShareGbp: '63',
      asset: 'USDT',
      network: 'usdt-erc20',
      networkName: 'Ethereum (ERC-20)',
      address: t.app.services.chains.devnet.signer.addressFor('usdt-erc20'),
    });
    expect(offer.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('names the configured address when there is one', async () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect((await offerOf({ SHARE_PAYMENT_ADDRESS: address })).offer.address).toBe(address);
  });

  it('refuses an address that is not an Ethereum address', () => {
    expect(() => loadConfig({ SHARE_PAYMENT_ADDRESS: 'bc1qexample' })).toThrow(/SHARE_PAYMENT_ADDRESS/);
  });
});
