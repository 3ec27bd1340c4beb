// Real concurrency over real HTTP (TESTING.md): N keep-alive-free connections each send a request
// but its last byte, then the last bytes go out in one loop, so the server sees N requests arrive
// together and every one of them runs against PostgreSQL at the same time.
import net from 'node:net';

export interface RawRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function serialise(request: RawRequest, host: string): Buffer {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers = {
    host,
    connection: 'close',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return Buffer.from(`${request.method} ${request.path} HTTP/1.1\r\n${head}\r\n\r\n${body}`);
}

function parse(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine?.split(' ')[1]), headers, body: raw.slice(split + 4) };
}

export async function releaseTogether(port: number, requests: readonly RawRequest[]): Promise<RawResponse[]> {
  const host = `127.0.0.1:${port}`;
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const responses = sockets.map(
    (socket) =>
      new Promise<RawResponse>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('end', () => resolve(parse(Buffer.concat(chunks).toString('utf8'))));
        socket.once('error', reject);
      }),
  );
  const payloads = requests.map((request) => serialise(request, host));
  payloads.forEach((payload, index) => sockets[index]!.write(payload.subarray(0, payload.length - 1)));
  // Let every partial request reach the server before any is completed.
  await new Promise((resolve) => setTimeout(resolve, 50));
  payloads.forEach((payload, index) => sockets[index]!.write(payload.subarray(payload.length - 1)));
  return Promise.all(responses);
}
