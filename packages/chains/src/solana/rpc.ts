// A Solana JSON-RPC 2.0 client: `{"jsonrpc": "2.0", "id": n, "method": m, "params": [...]}` POSTed
// to the node, answered with `{"result": ...}` or `{"error": {"code", "message"}}`. Every failure is
// a NodeError (an error answer is `rejected`, with the node's code).
import { DEFAULT_NODE_TIMEOUT_MS, asRecord, postJson } from '../json-post.ts';
import { NodeError } from '../utxo/rpc-client.ts';

export interface SolanaRpcOptions {
  readonly url: string;
  readonly timeoutMs?: number;
}

export interface SolanaRpc {
  call<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
}

export function createSolanaRpc(options: SolanaRpcOptions): SolanaRpc {
  const timeoutMs = options.timeoutMs ?? DEFAULT_NODE_TIMEOUT_MS;
  let nextId = 0;
  return {
    async call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      nextId += 1;
      const answer = asRecord(
        await postJson(options.url, { jsonrpc: '2.0', id: nextId, method, params }, { method, timeoutMs }),
        `The answer to ${method}`,
      );
      if (answer.error !== undefined && answer.error !== null) {
        const error = asRecord(answer.error, `The error of ${method}`);
        const code = typeof error.code === 'number' ? error.code : undefined;
        const message = typeof error.message === 'string' ? error.message.slice(0, 200) : 'error';
        throw new NodeError('rejected', `${method}: ${message}`, code);
      }
      if (!('result' in answer)) throw new NodeError('malformed', `${method}: the answer has no result`);
      return answer.result as T;
    },
  };
}
