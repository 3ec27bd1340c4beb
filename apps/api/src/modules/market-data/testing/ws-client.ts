// A customer's WebSocket for API tests: every message it receives, in order, and a wait for the
// first one that matches (no fixed sleeps: it polls until the message is there or time runs out).
import type { RealtimeMessage } from '@rora/contracts';
import type { TestApp } from '../../../testing/test-app.ts';
import type { TestUser } from '../../../testing/users.ts';

const WAIT_MS = 5_000;
const POLL_MS = 10;

export interface TestSocket {
  readonly received: RealtimeMessage[];
  send(message: object): void;
  /** The first message, among those received so far and later, that matches; throws after 5 s. */
  waitFor(what: string, predicate: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
  /** Resolves when every message sent to this socket before the call has arrived (ping, then pong). */
  drain(): Promise<void>;
  close(): void;
}

export async function openSocket(t: TestApp, user: TestUser): Promise<TestSocket> {
  const received: RealtimeMessage[] = [];
  const socket = await t.app.injectWS(
    '/api/v1/ws',
    { headers: user.headers },
    { onInit: (ws) => ws.on('message', (data) => received.push(JSON.parse(data.toString()) as RealtimeMessage)) },
  );
  const waitFor = async (what: string, predicate: (message: RealtimeMessage) => boolean) => {
    for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
      const found = received.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`no ${what} within ${WAIT_MS} ms; received: ${JSON.stringify(received).slice(0, 2_000)}`);
  };
  return {
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    waitFor,
    async drain() {
      const pongs = received.filter((message) => message.type === 'pong').length;
      socket.send(JSON.stringify({ op: 'ping' }));
      for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
        if (received.filter((message) => message.type === 'pong').length > pongs) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      throw new Error('no pong');
    },
    close: () => socket.terminate(),
  };
}

/** The `markets` messages of one topic's stream (the market topic's carry its symbol). */
export const marketMessages = (socket: TestSocket, symbol?: string) =>
  socket.received.filter(
    (message) =>
      message.channel === 'markets' && (message.data as { symbol?: string }).symbol === (symbol ?? undefined),
  );

/** The sequence numbers that break the run snapshot, +1, +2, ... (none when the stream is whole). */
export function sequenceGaps(messages: RealtimeMessage[]): number[] {
  const sequences = messages.map((message) => (message.data as { sequence: number }).sequence);
  const start = sequences[0] ?? 0;
  return sequences.filter((sequence, index) => sequence !== start + index);
}
