// WebSocket subscribers of `npm run bench:orders`, as the web app holds them: each signed in as a
// customer (its own topic) and subscribed to every benched market's topic. Counts what they receive.
import WebSocket from 'ws';
import { marketTopics } from '@rora/contracts';
import type { Customer } from './customers.ts';

export interface Subscribers {
  messages(): number;
  close(): void;
}

export async function connectSubscribers(
  baseUrl: string,
  customers: Customer[],
  symbols: string[],
): Promise<Subscribers> {
  let received = 0;
  const url = `${baseUrl.replace('http', 'ws')}/api/v1/ws`;
  const sockets = await Promise.all(
    customers.map(
      (customer) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, ['bearer', customer.token]);
          socket.once('open', () => {
            for (const symbol of symbols)
              socket.send(JSON.stringify({ op: 'subscribe', topic: marketTopics.market(symbol) }));
            resolve(socket);
          });
          socket.once('error', reject);
          socket.on('message', () => (received += 1));
        }),
    ),
  );
  return { messages: () => received, close: () => sockets.forEach((socket) => socket.terminate()) };
}
