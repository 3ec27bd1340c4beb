// Issue 19 follow-up: the order form's available balance is a holding like every other balance
// (ADR 0034: 3 decimals, cut), not the exact amount at the asset's scale (`18,497.517951 USDT`).
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import english from '../locales/en.json';
import { marketModel } from '../model/market.ts';
import { emptyForm, type OrderFormValues } from '../model/order-form.ts';
import { OrderFields } from './OrderFields.tsx';
import type { OrderFormModel } from './use-order-form.ts';

const values = emptyForm();
const ignore = () => undefined;
// Only what the fields read; the rest of the hook's model (submit, confirm) is not theirs.
const form = {
  values,
  errors: new Map(),
  setPrice: ignore,
  setAmount: ignore,
  setTotal: ignore,
  useMax: ignore,
} as unknown as OrderFormModel;

async function renderFields(side: OrderFormValues['side']) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { exchange: english } },
    defaultNS: 'exchange',
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <OrderFields
        form={{ ...form, values: { ...values, side } }}
        market={marketModel('BTC/USDT')}
        available={{ base: 216_000n, quote: 18_497_517_951n }}
      />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('the available balance of the order form', () => {
  it('shows what a buy can spend as a holding: 3 decimals, cut', async () => {
    await renderFields('buy');
    expect(screen.getByText('18,497.517 USDT')).toBeTruthy();
  });

  it('keeps 3 significant digits of a small holding, never zero', async () => {
    await renderFields('sell');
    expect(screen.getByText('0.00216 BTC')).toBeTruthy();
  });
});
