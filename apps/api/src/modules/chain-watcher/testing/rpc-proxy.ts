// A JSON-RPC proxy in front of the regtest node that can lose one call the way a network or a
// crashing process does: before the node sees it (`before`), or after the node acted but before the
// answer came back (`after`). Lets a test put a failure exactly between signing and broadcasting.
// It can also fail every call until told otherwise, as a node that is down or broken does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LossMode = 'before' | 'after';
/** `unreachable`: the connection is dropped; `malformed`: an answer that is not JSON-RPC. */
export type FailureMode = 'unreachable' | 'malformed';

export interface RpcProxy {
  /** The proxy's URL, with the node's credentials. */
  readonly url: string;
  /** The next call of `method` is lost in this way. */
  loseNext(method: string, mode: LossMode): void;
  /** Every call fails this way from now on; null: calls reach the node again. */
  failAll(mode: FailureMode | null): void;
  close(): Promise<void>;
}

export async function startRpcProxy(nodeUrl: string): Promise<RpcProxy> {
  const target = new URL(nodeUrl);
  const losses = new Map<string, LossMode>();
  let failing: FailureMode | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (failing === 'unreachable') return void request.socket.destroy();
      if (failing === 'malformed') return void response.writeHead(200).end('<html>502 Bad Gateway</html>');
      // One call, or a batch of calls (viem's transport batches): a loss takes the whole request.
      const parsed = JSON.parse(body.toString('utf8')) as { method?: unknown } | { method?: unknown }[];
      const methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => String(call.method));
      const method = methods.find((each) => losses.has(each)) ?? '';
      const loss = losses.get(method);
      losses.delete(method);
      if (loss === 'before') return void request.socket.destroy();
      fetch(new URL(request.url ?? '/', `http://${target.host}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: String(request.headers.authorization) },
        body,
      })
        .then(async (answer) => {
          const text = await answer.text();
          if (loss === 'after') return void request.socket.destroy();
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: target.username
      ? `http://${target.username}:${target.password}@127.0.0.1:${port}`
      : `http://127.0.0.1:${port}`,
    loseNext: (method, mode) => void losses.set(method, mode),
    failAll: (mode) => {
      failing = mode;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
