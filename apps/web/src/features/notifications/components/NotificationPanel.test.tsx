// The bell's panel as a French reader sees it (spec §2, §4): grouped by day, newest first, 'Today'
// then the full date, each known kind written in French from its params, and a kind the app does
// not know shown with the server's English message.
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@rora/contracts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { notificationsKey } from '../api/notifications-api.ts';
import french from '../locales/fr.json';
import { NotificationPanel } from './NotificationPanel.tsx';

beforeAll(async () => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  // The app's own instance: the panel formats dates in its language.
  await i18n.use(initReactI18next).init({
    lng: 'fr',
    fallbackLng: false,
    ns: ['notifications'],
    defaultNS: 'notifications',
    resources: { fr: { notifications: french } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const DAY_MS = 86_400_000;

function notification(id: string, createdAt: Date, fields: Partial<Notification>): Notification {
  return { id, kind: 'e2e_test', message: '', createdAt: createdAt.toISOString(), isRead: false, data: {}, ...fields };
}

function showPanel(items: Notification[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const list: NotificationList = {
    items,
    page: 1,
    limit: 50,
    total: items.length,
    unreadCount: items.filter((item) => !item.isRead).length,
  };
  client.setQueryData(notificationsKey, list);
  render(
    <QueryClientProvider client={client}>
      <NotificationPanel open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Notifications' });
}

describe('the notifications panel', () => {
  it('writes each notification in the reader’s language, grouped by day, newest first', async () => {
    const now = new Date();
    const earlier = new Date(now.getTime() - 3 * DAY_MS);
    const panel = showPanel([
      notification('old', earlier, {
        kind: 'swap_completed',
        message: 'Your swap of 0.5 ETH is complete: 1500 USDT arrived in your wallet.',
        data: { swapId: 's1', fromAsset: 'ETH', fromAmount: '0.5', toAsset: 'USDT', toAmount: '1500' },
        isRead: true,
      }),
      notification('unknown', new Date(now.getTime() - 1), { message: 'New sign-in to your account.' }),
      notification('alert', now, {
        kind: 'price_alert',
        message: 'BNB/USDT is above 610.00 USDT: last price 612.50 USDT',
        data: { alertId: 'a1', symbol: 'BNB/USDT', condition: 'above', price: '610', triggeredPrice: '612.5' },
      }),
    ]);

    // The list is loaded when the panel first opens.
    const days = await within(panel).findAllByRole('heading', { level: 3 });
    const fullDate = new Intl.DateTimeFormat('fr', { dateStyle: 'full' }).format(earlier);
    expect(days.map((heading) => heading.textContent)).toEqual(['Aujourd’hui', fullDate]);

    const [today, before] = within(panel).getAllByRole('list');
    expect(
      within(today!)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Non lue: Alerte de prix\u00a0: BNB/USDT est au-dessus de 610,00 USDT. Dernier prix\u00a0: 612,50 USDT.',
      'Non lue: New sign-in to your account.',
    ]);
    const [read] = within(before!).getAllByRole('listitem');
    expect(read!.querySelector('p')?.textContent).toBe(
      'Votre conversion de 0,5 ETH est terminée\u00a0: vous avez reçu 1\u202f500 USDT dans votre portefeuille.',
    );
    expect(read!.className).toContain('is-read');
    expect(within(panel).getAllByRole('button', { name: 'Marquer comme lue' })).toHaveLength(2);
  });
});
