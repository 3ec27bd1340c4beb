// A TCP proxy in front of PostgreSQL that can freeze as a stopped server or a network partition
// does: from `freeze()` on it passes no byte either way, keeps every connection open, and takes new
// ones without ever answering them. Counts the connections made to it and those still open.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface FreezableProxy {
  /** The database's URL, through the proxy. */
  readonly url: string;
  /** Connections made to the proxy so far. */
  accepted(): number;
  /** Connections to the proxy not yet closed. */
  open(): number;
  freeze(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(databaseUrl: string): Promise<FreezableProxy> {
  const target = new URL(databaseUrl);
  let frozen = false;
  let accepted = 0;
  const clients = new Set<Socket>();
  const upstreams = new Set<Socket>();
  const server = createServer((client) => {
    accepted += 1;
    clients.add(client);
    client.on('error', () => undefined);
    client.on('close', () => clients.delete(client));
    // Read and dropped, so its close is seen (the app's side closing is what a test counts).
    if (frozen) return void client.resume();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    upstreams.add(upstream);
    upstream.on('error', () => undefined);
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      upstreams.delete(upstream);
      if (!frozen) client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    accepted: () => accepted,
    open: () => clients.size,
    freeze() {
      frozen = true;
    },
    async close() {
      for (const socket of [...clients, ...upstreams]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
