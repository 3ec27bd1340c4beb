// A socket that stops reading is dropped once the server buffers MAX_BUFFERED_BYTES for it: at 4 MB
// a customer's 20 sockets held 80 MB of the server's memory; now at most 20 MB.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, MAX_SOCKETS_PER_CUSTOMER, send } from './realtime-hub.ts';

/** The parts of a ws socket send() reads and calls. */
function socketBuffering(bufferedAmount: number) {
  const calls = { sent: 0, terminated: 0 };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: () => void (calls.sent += 1),
    terminate: () => void (calls.terminated += 1),
  };
  return { socket: socket as unknown as WebSocket, calls };
}

const event = { channel: 'system', type: 'pong', data: null } as const;

describe('a slow consumer', () => {
  it('is dropped, not sent to, once more than 1 MB waits for it', () => {
    const slow = socketBuffering(1024 * 1024 + 1);
    send(slow.socket, event);
    expect(slow.calls).toEqual({ sent: 0, terminated: 1 });
  });

  it('is sent to while under the bound', () => {
    const keeping = socketBuffering(512 * 1024);
    send(keeping.socket, event);
    expect(keeping.calls).toEqual({ sent: 1, terminated: 0 });
  });

  it('holds at most 20 MB of one customer’s sockets', () => {
    expect(MAX_BUFFERED_BYTES * MAX_SOCKETS_PER_CUSTOMER).toBeLessThanOrEqual(20 * 1024 * 1024);
  });
});
