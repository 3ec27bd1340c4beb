// The bell's text, written from this feature's real translations (i18next with the four locale
// files), as a reader of each language sees it.
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n } from 'i18next';
import type { Notification } from '@rora/contracts';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import laEs from '../locales/la_es.json';
import ptBr from '../locales/pt_br.json';
import { notificationText, showAmount, showPrice, type Translate } from './notification-text.ts';

const instances: Record<string, i18n> = {};
beforeAll(async () => {
  for (const [language, resources] of Object.entries({ en, fr, la_es: laEs, pt_br: ptBr })) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { notifications: resources } },
      defaultNS: 'notifications',
      interpolation: { escapeValue: false },
    });
    instances[language] = instance;
  }
});

// The page's language tag for each language code, as lib/i18n gives it to Intl.
const TAGS: Record<string, string> = { en: 'en', fr: 'fr', la_es: 'es-419', pt_br: 'pt-BR' };

const translate =
  (language: string): Translate =>
  (key, values) =>
    instances[language]!.t(key, values);

function note(kind: string, data: Record<string, unknown>, message = 'The English message'): Notification {
  return { id: 'n1', kind, message, data, isRead: false, createdAt: '2025-05-20T10:00:00.000Z' };
}

const alert = note(
  'price_alert',
  { alertId: 'a1', symbol: 'BTC/USDT', condition: 'below', price: '61000', triggeredPrice: '60990.5' },
  'BTC/USDT is below 61000.0 USDT: last price 60990.5 USDT',
);

describe('notificationText', () => {
  it.each([
    ['en', 'Price alert: BTC/USDT is below 61,000.0 USDT. Last price: 60,990.5 USDT.'],
    [
      'fr',
      'Alerte de prix\u00a0: BTC/USDT est en dessous de 61\u202f000,0 USDT. Dernier prix\u00a0: 60\u202f990,5 USDT.',
    ],
    ['la_es', 'Alerta de precio: BTC/USDT está por debajo de 61,000.0 USDT. Último precio: 60,990.5 USDT.'],
    ['pt_br', 'Alerta de preço: BTC/USDT está abaixo de 61.000,0 USDT. Último preço: 60.990,5 USDT.'],
  ])('writes a fired price alert in %s, prices with the tick’s decimals', (language, text) => {
    expect(notificationText(alert, translate(language), TAGS[language])).toBe(text);
  });

  it('says which side an alert above fired on', () => {
    const above = note('price_alert', {
      ...alert.data,
      symbol: 'BNB/USDT',
      condition: 'above',
      price: '610',
      triggeredPrice: '612.5',
    });
    expect(notificationText(above, translate('fr'), TAGS['fr'])).toBe(
      'Alerte de prix\u00a0: BNB/USDT est au-dessus de 610,00 USDT. Dernier prix\u00a0: 612,50 USDT.',
    );
  });

  it('writes a KYC rejection with each item and its reason', () => {
    const rejected = note('kyc_status_changed', {
      status: 'rejected',
      reasons: [
        { item: 'photo', code: 'document_image_is_blurred' },
        { item: 'id_card', code: 'id_card_is_expired' },
      ],
    });
    expect(notificationText(rejected, translate('en'), TAGS['en'])).toBe(
      'We could not verify your identity (photo of yourself: a photo is blurred; photo of your ID: your ID card has expired). Please fix the rejected items and send them again.',
    );
    expect(notificationText(rejected, translate('fr'), TAGS['fr'])).toContain(
      '(photo de vous\u00a0: une photo est floue\u202f; photo de votre pièce d’identité\u00a0: votre pièce d’identité a expiré)',
    );
    expect(
      notificationText(
        note('kyc_status_changed', { status: 'approved', reasons: [] }),
        translate('pt_br'),
        TAGS['pt_br'],
      ),
    ).toBe('Sua identidade foi verificada. Agora você pode comprar, vender e converter.');
  });

  it('writes a filled order with what it bought or sold and its average price', () => {
    const params = { orderId: 'o1', symbol: 'BTC/USDT', amount: '0.015', averagePrice: '46012.5', total: '690.1875' };
    expect(notificationText(note('order_filled', { ...params, side: 'buy' }), translate('en'), TAGS['en'])).toBe(
      'Order filled on BTC/USDT: you bought 0.015 BTC at an average price of 46,012.5 USDT.',
    );
    expect(notificationText(note('order_filled', { ...params, side: 'sell' }), translate('fr'), TAGS['fr'])).toBe(
      'Ordre exécuté sur BTC/USDT\u00a0: vous avez vendu 0,015 BTC au prix moyen de 46\u202f012,5 USDT.',
    );
  });

  it('writes swaps and card purchases with their amounts, cut to 8 decimals and grouped', () => {
    const swap = note('swap_completed', {
      swapId: 's1',
      fromAsset: 'BTC',
      fromAmount: '1250.5',
      toAsset: 'ETH',
      toAmount: '0.125628819999999999',
    });
    expect(notificationText(swap, translate('la_es'), TAGS['la_es'])).toBe(
      'Tu conversión de 1,250.5 BTC se completó: recibiste 0.12562881 ETH en tu billetera.',
    );
    const failed = note('swap_failed', { swapId: 's1', fromAsset: 'BTC', fromAmount: '0.01', toAsset: 'ETH' });
    expect(notificationText(failed, translate('en'), TAGS['en'])).toBe(
      'Your swap of 0.01 BTC to ETH could not be completed. The BTC is back in your wallet.',
    );
    const declined = (reason: string) =>
      note('onramp_failed', { purchaseId: 'p1', asset: 'USDT', amount: '147.75', reason });
    expect(notificationText(declined('insufficient_funds'), translate('fr'), TAGS['fr'])).toBe(
      'Votre achat par carte de 147,75 USDT a échoué\u00a0: le solde de votre carte est insuffisant. Aucun montant n’a été débité.',
    );
    expect(notificationText(declined('processor_timeout'), translate('en'), TAGS['en'])).toBe(
      'Your card purchase of 147.75 USDT failed: the payment did not go through. You were not charged.',
    );
  });

  it('writes every wallet step with its network and the confirmations it waits for', () => {
    const step = (kind: string) =>
      note(kind, {
        walletId: 'w1',
        transactionId: 't1',
        network: 'usdt-erc20',
        networkName: 'Tether USD (ERC-20)',
        asset: 'USDT',
        amount: '2000',
        confirmations: 12,
        reason: null,
      });
    expect(notificationText(step('wallet_deposit_pending'), translate('pt_br'), TAGS['pt_br'])).toBe(
      'Depósito a caminho: 2.000 USDT na rede Tether USD (ERC-20). Ele será creditado quando a rede o confirmar (confirmações necessárias: 12).',
    );
    expect(notificationText(step('wallet_deposit_credited'), translate('en'), TAGS['en'])).toBe(
      'Deposit of 2,000 USDT completed: it is now in your USDT wallet.',
    );
    const kinds = [
      'wallet_deposit_pending',
      'wallet_deposit_credited',
      'wallet_deposit_failed',
      'wallet_send_held',
      'wallet_send_broadcast',
      'wallet_send_completed',
      'wallet_send_failed',
      'wallet_internal_received',
    ];
    for (const language of ['en', 'fr', 'la_es', 'pt_br']) {
      const texts = kinds.map((kind) => notificationText(step(kind), translate(language), TAGS[language]));
      expect(new Set(texts).size, language).toBe(kinds.length);
      const amounts: Record<string, string> = { en: '2,000', fr: '2\u202f000', la_es: '2,000', pt_br: '2.000' };
      const amount = amounts[language];
      for (const text of texts) expect(text, language).toContain(`${amount} USDT`);
    }
  });

  it('writes cold-wallet moves', () => {
    const move = (kind: string) => note(kind, { coldWalletId: 'c1', moveId: 'm1', asset: 'BTC', amount: '0.5' });
    expect(notificationText(move('cold_wallet_deposit'), translate('la_es'), TAGS['la_es'])).toBe(
      'Pasaste 0.5 BTC a tu billetera fría.',
    );
    expect(notificationText(move('cold_wallet_withdrawal'), translate('en'), TAGS['en'])).toBe(
      '0.5 BTC moved from your cold wallet back to your wallet.',
    );
  });

  it('shows the English message for a kind the app does not know', () => {
    expect(notificationText(note('e2e_test', {}, 'New sign-in to your account.'), translate('fr'), TAGS['fr'])).toBe(
      'New sign-in to your account.',
    );
  });

  it('shows the English message for a notification stored before its kind carried params', () => {
    const old = note(
      'price_alert',
      { alertId: 'a1', symbol: 'BNB/USDT' },
      'BNB/USDT is above 610.00 USDT: last price 612.50 USDT',
    );
    expect(notificationText(old, translate('fr'), TAGS['fr'])).toBe(
      'BNB/USDT is above 610.00 USDT: last price 612.50 USDT',
    );
    const swap = note('swap_completed', { swapId: 's1' }, 'Your swap of 0.5 ETH is complete.');
    expect(notificationText(swap, translate('pt_br'), TAGS['pt_br'])).toBe('Your swap of 0.5 ETH is complete.');
  });

  it('shows the English message when a param is not what its kind says', () => {
    const unlisted = note('price_alert', { ...alert.data, symbol: 'DOGE/USDT' });
    const notAmount = note('cold_wallet_deposit', { coldWalletId: 'c1', moveId: 'm1', asset: 'BTC', amount: '1e5' });
    const tooPrecise = note('cold_wallet_deposit', {
      coldWalletId: 'c1',
      moveId: 'm1',
      asset: 'BTC',
      amount: '0.123456789',
    });
    for (const notification of [unlisted, notAmount, tooPrecise]) {
      expect(notificationText(notification, translate('fr'), TAGS['fr'])).toBe('The English message');
    }
  });
});

describe('showAmount and showPrice', () => {
  it('groups thousands and never rounds an amount up', () => {
    expect(showAmount('1234567.123456789123', 'ETH')).toBe('1,234,567.12345678 ETH');
    expect(showAmount('0.000000019', 'ETH')).toBe('0.00000001 ETH');
    expect(showAmount('5', 'USDT')).toBe('5 USDT');
  });

  it('shows a price with its pair’s tick decimals', () => {
    expect(showPrice('70000', 'BTC/USDT')).toBe('70,000.0 USDT');
    expect(showPrice('0.5', 'XRP/USDT')).toBe('0.5000 USDT');
    expect(showPrice('not a price', 'BTC/USDT')).toBeNull();
  });
});
