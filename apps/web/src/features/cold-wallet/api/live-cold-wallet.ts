// Holdings follow the customer's WebSocket: a `wallets` event (a move, a deposit that changes what can
// move in) refreshes them; every (re)connection fetches again, for events sent before it opened.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectRealtime } from '../../../lib/ws/realtime.ts';
import { coldWalletKey } from './coldwallet-api.ts';

export function useLiveColdWallet(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: coldWalletKey });
    const connection = connectRealtime({
      token,
      onOpen: refresh,
      onMessage: (message) => {
        if (message.channel === 'wallets') refresh();
      },
    });
    return () => connection.close();
  }, [client, token]);
}
