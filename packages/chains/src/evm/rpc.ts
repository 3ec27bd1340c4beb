// Ethereum JSON-RPC through viem's HTTP transport (one POST per call, concurrent calls batched into
// one request, a timeout on each, no retries: the deposit scanner and the reconcile retry by design).
// Failures are `NodeError`, as for the Bitcoin-family nodes: a node that is down, slow or answers
// nonsense says nothing about a withdrawal, so the wallets module keeps the send held and retries.
import { createPublicClient, http, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { NodeError } from '../utxo/rpc-client.ts';

export interface EvmRpcOptions {
  /** http(s)://host:port/path of the node or provider (an API key may be in the path). */
  readonly url: string;
  readonly timeoutMs?: number;
}

export interface EvmRpc {
  call<T>(method: string, params?: readonly unknown[]): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The viem error (or its cause) of a failed call, as a NodeError. */
function nodeError(method: string, error: unknown, timeoutMs: number): NodeError {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause; depth += 1) {
    if (cause instanceof RpcRequestError) {
      return new NodeError('rejected', `${method}: ${cause.details.slice(0, 200)}`, cause.code);
    }
    if (cause instanceof TimeoutError) {
      return new NodeError('timeout', `${method}: the node did not answer within ${timeoutMs} ms`);
    }
    if (cause instanceof HttpRequestError) {
      const status = cause.status;
      if (status === undefined) return new NodeError('unreachable', `${method}: the node is unreachable`);
      return new NodeError('rejected', `${method}: the node answered HTTP ${status}`);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return new NodeError('malformed', `${method}: ${String((error as Error)?.message ?? error).slice(0, 200)}`);
}

export function createEvmRpc(options: EvmRpcOptions): EvmRpc {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = createPublicClient({
    transport: http(options.url, { timeout: timeoutMs, retryCount: 0, batch: { batchSize: 200, wait: 0 } }),
  });
  return {
    async call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      try {
        // The raw method: answers are checked field by field by the callers, never trusted as typed.
        const request = client.request as (args: { method: string; params: readonly unknown[] }) => Promise<unknown>;
        return (await request({ method, params })) as T;
      } catch (error) {
        throw nodeError(method, error, timeoutMs);
      }
    },
  };
}

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i;
const HASH = /^0x[0-9a-f]{64}$/i;
const ADDRESS = /^0x[0-9a-f]{40}$/i;

/** A JSON-RPC quantity ("0x1a") as a bigint; anything else is a malformed answer. */
export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value)) {
    throw new NodeError('malformed', `${what} is not a quantity: ${String(value).slice(0, 40)}`);
  }
  return BigInt(value);
}

export function smallQuantity(value: unknown, what: string): number {
  const number = quantity(value, what);
  if (number > BigInt(Number.MAX_SAFE_INTEGER)) throw new NodeError('malformed', `${what} is too large`);
  return Number(number);
}

export function hash32(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HASH.test(value)) throw new NodeError('malformed', `${what} is not a hash`);
  return value.toLowerCase();
}

export function address20(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw new NodeError('malformed', `${what} is not an address`);
  return value.toLowerCase();
}

export function toQuantity(value: bigint | number): string {
  return `0x${value.toString(16)}`;
}
