// A rippled JSON-RPC client: `{"method": m, "params": [{...}]}` POSTed to the server, answered with
// `{"result": {..., "status": "success" | "error"}}`. API version 2 is asked for on every call, so
// the answers have one shape (`tx_json`, `meta`, numeric ledger indexes). An error the caller expects
// (a transaction or account not found) is returned as null; any other error is a NodeError.
import { DEFAULT_NODE_TIMEOUT_MS, asRecord, postJson } from '../json-post.ts';
import { NodeError } from '../utxo/rpc-client.ts';

export interface XrpRpcOptions {
  readonly url: string;
  readonly timeoutMs?: number;
}

export interface XrpRpc {
  /** The result object; null when the server answers one of the `absent` errors. */
  call(method: string, params: Record<string, unknown>, absent?: readonly string[]): Promise<Record<string, unknown> | null>;
}

export const XRP_API_VERSION = 2;

export function createXrpRpc(options: XrpRpcOptions): XrpRpc {
  const timeoutMs = options.timeoutMs ?? DEFAULT_NODE_TIMEOUT_MS;
  return {
    async call(method, params, absent = []) {
      const answer = asRecord(
        await postJson(
          options.url,
          { method, params: [{ api_version: XRP_API_VERSION, ...params }] },
          { method, timeoutMs },
        ),
        `The answer to ${method}`,
      );
      const result = asRecord(answer.result, `The result of ${method}`);
      if (result.status === 'success') return result;
      const error = typeof result.error === 'string' ? result.error.slice(0, 60) : undefined;
      if (result.status === 'error' && error !== undefined) {
        if (absent.includes(error)) return null;
        const message = typeof result.error_message === 'string' ? `: ${result.error_message.slice(0, 160)}` : '';
        throw new NodeError('rejected', `${method}: ${error}${message}`);
      }
      throw new NodeError('malformed', `${method}: the result has no status`);
    },
  };
}
