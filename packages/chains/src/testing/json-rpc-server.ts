// A local HTTP server for the tests of the account-chain adapters: it stands in for a node by
// answering JSON-RPC requests with the documented response shapes, records every request, and can
// be told to stall (a node that times out) or to answer nonsense. It listens on the first free port of
// a range given by the caller (the tests' own ports), never on a public interface.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  readonly method: string;
  readonly body: Record<string, unknown>;
}

export type RpcHandler = (body: Record<string, unknown>) => unknown;

export interface JsonRpcTestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** `stall`: accept and never answer; `garbage`: answer text that is not JSON; `normal`. */
  mode: 'normal' | 'stall' | 'garbage';
  /** With `stall`: only this method stalls (a node that takes a submission and never answers). */
  stallOnly: string | undefined;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const failed = () => resolve(false);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve(true);
    });
  });
}

/** Starts a server whose answers `handle` computes from the request body (the whole JSON answer). */
export async function startJsonRpcServer(
  ports: { readonly from: number; readonly to: number },
  handle: RpcHandler,
): Promise<JsonRpcTestServer> {
  const stalled = new Set<ServerResponse>();
  const state: JsonRpcTestServer = {
    url: '',
    requests: [],
    mode: 'normal',
    stallOnly: undefined,
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      state.requests.push({ method: String(body.method), body });
      const stalls = state.stallOnly === undefined || state.stallOnly === body.method;
      if (state.mode === 'stall' && stalls) return void stalled.add(response);
      response.setHeader('content-type', 'application/json');
      // One request per connection: a test's server closing never leaves a pooled socket to the next.
      response.setHeader('connection', 'close');
      if (state.mode === 'garbage') return void response.end('<html>502 Bad Gateway</html>');
      response.end(JSON.stringify(handle(body)));
    });
  });
  for (let port = ports.from; port <= ports.to; port += 1) {
    if (await listen(server, port)) {
      return Object.assign(state, {
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise<void>((resolve) => {
            for (const response of stalled) response.destroy();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      });
    }
  }
  throw new Error(`No free port in ${ports.from}..${ports.to}`);
}
