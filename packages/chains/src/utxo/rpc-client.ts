// A Bitcoin Core JSON-RPC client (litecoind speaks the same protocol): one POST per call, basic
// authentication, a timeout on every call. Failures are `NodeError`, never `ChainError`: a node that
// is down, slow or answers nonsense says nothing about the withdrawal itself, so the wallets module
// keeps the send held and retries instead of refusing it (a ChainError means "the chain refuses this").

export type NodeErrorKind = 'unreachable' | 'timeout' | 'malformed' | 'rejected';

export class NodeError extends Error {
  override readonly name = 'NodeError';
  readonly kind: NodeErrorKind;
  /** The node's RPC error code, for `rejected`. */
  readonly rpcCode: number | undefined;

  constructor(kind: NodeErrorKind, message: string, rpcCode?: number) {
    super(message);
    this.kind = kind;
    this.rpcCode = rpcCode;
  }
}

export function isNodeError(error: unknown): error is NodeError {
  return error instanceof NodeError;
}

export interface RpcClientOptions {
  /** `http://host:port`; credentials may be in the URL or given apart. */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  readonly timeoutMs?: number;
}

export interface RpcClient {
  call<T>(method: string, params?: readonly unknown[], wallet?: string): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createRpcClient(options: RpcClientOptions): RpcClient {
  const base = new URL(options.url);
  const username = options.username ?? decodeURIComponent(base.username);
  const password = options.password ?? decodeURIComponent(base.password);
  base.username = '';
  base.password = '';
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let nextId = 0;

  return {
    async call<T>(method: string, params: readonly unknown[] = [], wallet?: string): Promise<T> {
      nextId += 1;
      const url = wallet === undefined ? base : new URL(`wallet/${encodeURIComponent(wallet)}`, base);
      const body = JSON.stringify({ jsonrpc: '1.0', id: nextId, method, params });
      const response = await post(url, { authorization, body, timeoutMs, method });
      return readAnswer<T>(response, method);
    },
  };
}

async function post(
  url: URL,
  request: { authorization: string; body: string; timeoutMs: number; method: string },
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: request.authorization },
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new NodeError('timeout', `${request.method}: the node did not answer within ${request.timeoutMs} ms`);
    }
    throw new NodeError('unreachable', `${request.method}: the node is unreachable`);
  }
}

function readAnswer<T>(response: { status: number; text: string }, method: string): T {
  if (response.status === 401 || response.status === 403) {
    throw new NodeError('rejected', `${method}: the node refused the credentials`);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(response.text);
  } catch {
    throw new NodeError('malformed', `${method}: the node's answer is not JSON (HTTP ${response.status})`);
  }
  if (typeof answer !== 'object' || answer === null || !('result' in answer || 'error' in answer)) {
    throw new NodeError('malformed', `${method}: the node's answer has no result`);
  }
  const { result, error } = answer as { result?: unknown; error?: { code?: unknown; message?: unknown } | null };
  if (error) {
    const code = typeof error.code === 'number' ? error.code : undefined;
    const message = typeof error.message === 'string' ? error.message.slice(0, 200) : 'error';
    throw new NodeError('rejected', `${method}: ${message}`, code);
  }
  return result as T;
}

/**
 * A coin amount as the node writes it (a JSON number with at most `decimals` decimals) in minor units.
 * Exact: every amount below 2^53 minor units (90 million coins of 8 decimals) round-trips through a
 * double, and `toFixed` prints the nearest decimal, so this is a change of notation, not arithmetic.
 */
export function coinsToMinor(value: unknown, decimals = 8): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value * 10 ** decimals > 2 ** 53) {
    throw new NodeError('malformed', `An amount from the node is not a coin amount: ${String(value).slice(0, 40)}`);
  }
  const [whole, fraction = ''] = value.toFixed(decimals).split('.');
  return BigInt(`${whole}${fraction}`);
}

/** Minor units as the decimal string the node reads for an amount. */
export function minorToCoins(amount: bigint, decimals = 8): string {
  const text = amount.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
