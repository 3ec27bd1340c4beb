// Stakes follow the customer's WebSocket: a `staking` event (a stake placed, a day's rewards, a
// maturity) refreshes the stakes, the plans and the balances; every (re)connection fetches again,
// for events sent before it opened.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectRealtime } from '../../../lib/ws/realtime.ts';
import { stakingKeys } from './staking.ts';

export function useLiveStaking(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const refresh = () => {
      for (const key of Object.values(stakingKeys)) void client.invalidateQueries({ queryKey: key });
    };
    const connection = connectRealtime({
      token,
      onOpen: refresh,
      onMessage: (message) => {
        if (message.channel === 'staking') refresh();
      },
    });
    return () => connection.close();
  }, [client, token]);
}
