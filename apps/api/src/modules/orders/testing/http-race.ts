// Real concurrency over HTTP (TESTING.md): N keep-alive connections each send a request but its last
// byte, then the last bytes go out in one loop, so the server receives the N requests together.
import net from 'node:net';

export interface RaceRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface RaceResponse {
  status: number;
  /** By lower-case name. */
  headers: Record<string, string>;
  body: string;
}

function headersOf(text: string): Record<string, string> {
  const lines = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n').slice(1);
  return Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

function send(port: number, request: RaceRequest): { ready: Promise<net.Socket>; response: Promise<RaceResponse> } {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers = {
    host: '127.0.0.1',
    connection: 'close',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;
  const payload = Buffer.from(head + body);
  const socket = net.connect(port, '127.0.0.1');
  const ready = new Promise<net.Socket>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => socket.write(payload.subarray(0, payload.length - 1), () => resolve(socket)));
  });
  const response = new Promise<RaceResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, headers: headersOf(text), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  (socket as net.Socket & { lastByte?: Buffer }).lastByte = payload.subarray(payload.length - 1);
  return { ready, response };
}

/** Sends every request at once (see above) and returns the responses in the same order. */
export async function race(port: number, requests: readonly RaceRequest[]): Promise<RaceResponse[]> {
  const sent = requests.map((request) => send(port, request));
  const sockets = await Promise.all(sent.map((item) => item.ready));
  for (const socket of sockets) socket.write((socket as net.Socket & { lastByte: Buffer }).lastByte);
  return Promise.all(sent.map((item) => item.response));
}

/** The JSON body of a response that may be chunked. */
export function jsonOf(response: RaceResponse): { data?: Record<string, unknown>; error?: { code: string } } {
  const text = response.body.trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return JSON.parse(text.slice(start, end + 1)) as { data?: Record<string, unknown>; error?: { code: string } };
}
