// One JSON POST to a node, for the account chains' JSON-RPC clients (rippled, Solana): a timeout on
// every call, and every failure a `NodeError` (unreachable, timeout, not JSON), never a ChainError: a
// node that is down or answers nonsense says nothing about the withdrawal itself (ADR 0032).
import { NodeError } from './utxo/rpc-client.ts';

export const DEFAULT_NODE_TIMEOUT_MS = 10_000;

/** POSTs `body` as JSON and returns the parsed answer (any JSON value; the caller checks its shape). */
export async function postJson(
  url: string,
  body: unknown,
  options: { readonly method: string; readonly timeoutMs: number },
): Promise<unknown> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new NodeError('timeout', `${options.method}: the node did not answer within ${options.timeoutMs} ms`);
    }
    throw new NodeError('unreachable', `${options.method}: the node is unreachable`);
  }
  if (status === 401 || status === 403) throw new NodeError('rejected', `${options.method}: the node refused access`);
  try {
    return JSON.parse(text);
  } catch {
    throw new NodeError('malformed', `${options.method}: the node's answer is not JSON (HTTP ${status})`);
  }
}

/** The answer as an object, or a `malformed` NodeError naming what was expected. */
export function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NodeError('malformed', `${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

/** A non-negative safe integer from the node (a number, or a decimal string as rippled writes some). */
export function asCount(value: unknown, what: string): number {
  const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  if (!Number.isSafeInteger(number) || (number as number) < 0) {
    throw new NodeError('malformed', `${what} is not a count`);
  }
  return number as number;
}

/** A non-negative integer amount of minor units, written as a decimal string or a safe integer. */
export function asMinor(value: unknown, what: string): bigint {
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return BigInt(value);
  if (Number.isSafeInteger(value) && (value as number) >= 0) return BigInt(value as number);
  throw new NodeError('malformed', `${what} is not an amount of minor units`);
}
