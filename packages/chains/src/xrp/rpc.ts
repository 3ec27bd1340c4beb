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
  call(
    method: string,
    params: Record<string, unknown>,
    absent?: readonly string[],
  ): Promise<Record<string, unknown> | null>;
  /** The result object as answered, success or error (`status`, `error`, and fields such as `searched_all`). */
  result(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export const XRP_API_VERSION = 2;

export function createXrpRpc(options: XrpRpcOptions): XrpRpc {
  const timeoutMs = options.timeoutMs ?? DEFAULT_NODE_TIMEOUT_MS;
  const result = async (method: string, params: Record<string, unknown>) => {
    const answer = asRecord(
      await postJson(
        options.url,
        { method, params: [{ api_version: XRP_API_VERSION, ...params }] },
        { method, timeoutMs },
      ),
      `The answer to ${method}`,
    );
    return asRecord(answer.result, `The result of ${method}`);
  };
  return {
    result,
    async call(method, params, absent = []) {
      const answered = await result(method, params);
      if (answered.status === 'success') return answered;
      const error = typeof answered.error === 'string' ? answered.error.slice(0, 60) : undefined;
      if (answered.status === 'error' && error !== undefined) {
        if (absent.includes(error)) return null;
        const message = typeof answered.error_message === 'string' ? `: ${answered.error_message.slice(0, 160)}` : '';
        throw new NodeError('rejected', `${method}: ${error}${message}`);
      }
      throw new NodeError('malformed', `${method}: the result has no status`);
    },
  };
}
