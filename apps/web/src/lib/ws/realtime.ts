// The signed-in WebSocket (/api/v1/ws). Browsers cannot set headers on a WebSocket, so the token
// travels as the subprotocols ['bearer', token]. It reconnects with backoff, except when the server
// refuses the token (close code 4401): then the next API call's 401 ends the session.
import { WS_BEARER_PROTOCOL, WS_CLOSE_UNAUTHORIZED, WS_PATH } from '../constants.ts';
import { backoffDelayMs } from './backoff.ts';

export interface RealtimeMessage {
  readonly channel: string;
  readonly type: string;
  readonly data: unknown;
}

export interface RealtimeOptions {
  readonly token: string;
  readonly onMessage: (message: RealtimeMessage) => void;
  /** Called on every open; `reconnected` is true after a drop, when events may have been missed. */
  readonly onOpen?: (reconnected: boolean) => void;
}

export interface RealtimeConnection {
  close(): void;
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

export function parseRealtimeMessage(text: unknown): RealtimeMessage | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as Partial<RealtimeMessage> | null;
    if (!value || typeof value.channel !== 'string' || typeof value.type !== 'string') return null;
    return { channel: value.channel, type: value.type, data: value.data };
  } catch {
    return null;
  }
}

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let opened = false;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (closed) return;
    socket = new WebSocket(socketUrl(), [WS_BEARER_PROTOCOL, options.token]);
    socket.onopen = () => {
      options.onOpen?.(opened);
      opened = true;
      attempt = 0;
    };
    socket.onmessage = (event) => {
      const message = parseRealtimeMessage(event.data);
      if (message) options.onMessage(message);
    };
    socket.onclose = (event) => {
      if (closed || event.code === WS_CLOSE_UNAUTHORIZED) return;
      retryTimer = setTimeout(open, backoffDelayMs(attempt));
      attempt += 1;
    };
  };

  // Coming back online retries at once instead of waiting out the backoff.
  const onOnline = () => {
    if (socket?.readyState !== WebSocket.CLOSED) return;
    clearTimeout(retryTimer);
    open();
  };
  window.addEventListener('online', onOnline);
  open();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      socket?.close(1000);
    },
  };
}
