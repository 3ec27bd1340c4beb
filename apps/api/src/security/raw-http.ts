// One HTTP/1.1 exchange over a real TCP socket, for what app.inject cannot show: whether the server
// answers a body it refuses before reading all of it, and whether it resets the connection while
// the client is still sending (the rest of a refused upload must be drained, not cut off).
import { connect } from 'node:net';

export interface RawExchange {
  /** 0 when no status line came back. */
  status: number;
  body: string;
  /** The socket's error code (ECONNRESET, EPIPE) if it failed. */
  socketError: string | undefined;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  payload: Buffer;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends the request on a keep-alive connection (headers, then the body in 64 kB writes) and reads
 * the whole answer; the client closes once both are done. A socket error before then is reported.
 */
export function rawExchange(port: number, request: RawRequest): Promise<RawExchange> {
  const headers = { ...request.headers, 'content-length': String(request.payload.length) };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const start = `${request.method} ${request.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${head.join('')}\r\n`;
  return rawBytes(port, Buffer.concat([Buffer.from(start), request.payload]));
}

/** Writes `bytes` as they are (a request, well-formed or not) and reads the answer. */
export function rawBytes(port: number, bytes: Buffer): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let answer: { status: number; body: string } | undefined;
    let sent = false;
    let socketError: string | undefined;
    const finish = () => answer && sent && socket.end();
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      answer ??= completeAnswer(Buffer.concat(chunks));
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    socket.on('close', () => resolve({ ...(answer ?? { status: 0, body: '' }), socketError }));
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
      socket.write(bytes.subarray(offset, offset + 64 * 1024));
    }
    socket.write(Buffer.alloc(0), () => {
      sent = true;
      finish();
    });
  });
}

/** The status and body once the answer is complete (its Content-Length read), else undefined. */
function completeAnswer(received: Buffer): { status: number; body: string } | undefined {
  const split = received.indexOf('\r\n\r\n');
  if (split === -1) return undefined;
  const head = received.subarray(0, split).toString('latin1');
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const body = received.subarray(split + 4);
  if (body.length < length) return undefined;
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0),
    body: body.subarray(0, length).toString('utf8'),
  };
}
