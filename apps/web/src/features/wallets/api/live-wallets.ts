// Live balances and transactions: every `wallets` event on the customer's WebSocket refreshes the
// wallet queries (the list, the open transactions page, the dashboard), so a deposit moves from
// pending to completed on screen without a reload. Every (re)connection fetches again, since events
// sent before the socket opened were not seen.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectRealtime } from '../../../lib/ws/realtime.ts';
import { walletsKey } from './wallets-api.ts';

export function useLiveWallets(token: string | null, extraKeys: readonly (readonly unknown[])[] = []): void {
  const client = useQueryClient();
  const extra = JSON.stringify(extraKeys);
  useEffect(() => {
    if (!token) return undefined;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: walletsKey });
      for (const key of JSON.parse(extra) as unknown[][]) void client.invalidateQueries({ queryKey: key });
    };
    const connection = connectRealtime({
      token,
      onOpen: refresh,
      onMessage: (message) => {
        if (message.channel === 'wallets') refresh();
      },
    });
    return () => connection.close();
  }, [client, token, extra]);
}
