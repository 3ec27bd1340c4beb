// The API's side of the signer process (apps/signer, ADR 0041): a `Signer` that holds no key. It
// knows the hot wallet addresses from configuration (public, so the adapter can list its coins
// without asking), and sends each transaction to the signer over HTTP on loopback with the shared
// secret as a bearer token. The signer decides whether to sign; its refusals and any transport
// failure are `SignerError`s, never `ChainError`s, so the wallets module leaves the send held (and
// retries it) instead of voiding a withdrawal that may have been signed.
import type { RecordedSignature, SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { ChainError } from '../errors.ts';
import type { NetworkId } from '../networks.ts';
import { SIGNER_PATHS, decodeSigned, decodeUnsigned, encodeUnsigned } from './protocol.ts';

export class SignerError extends Error {
  override readonly name = 'SignerError';
  /** The signer's refusal code, or `signer_is_unreachable` / `signer_answer_is_malformed`. */
  readonly code: string;
  readonly status: number | undefined;

  constructor(code: string, message: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export interface RemoteSignerOptions {
  /** http://127.0.0.1:port of the signer. */
  readonly url: string;
  readonly secret: string;
  /** The hot wallet address of each network the signer holds a key for. */
  readonly addresses: Readonly<Partial<Record<NetworkId, string>>>;
  readonly timeoutMs?: number;
}

export class RemoteSigner implements Signer {
  readonly #options: RemoteSignerOptions;

  constructor(options: RemoteSignerOptions) {
    this.#options = options;
  }

  addressFor(network: NetworkId): string {
    const address = this.#options.addresses[network];
    if (!address)
      throw new ChainError('deposit_config_is_missing', `No hot wallet address is configured for ${network}`);
    return address;
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    const body = await this.#call(SIGNER_PATHS.sign, { method: 'POST', body: encodeUnsigned(transaction) });
    let signed: SignedTransaction;
    try {
      signed = decodeSigned(body);
    } catch (error) {
      throw new SignerError('signer_answer_is_malformed', (error as Error).message);
    }
    if (signed.id !== transaction.id || signed.network !== transaction.network) {
      throw new SignerError('signer_answer_is_malformed', 'The signer answered for another withdrawal');
    }
    return signed;
  }

  async recorded(network: NetworkId, id: string): Promise<RecordedSignature | null> {
    const query = new URLSearchParams({ network, id });
    const body = (await this.#call(`${SIGNER_PATHS.recorded}?${query}`, { method: 'GET' })) as {
      recorded?: { transaction?: unknown; signed?: unknown } | null;
    };
    if (body?.recorded === null) return null;
    try {
      const transaction = decodeUnsigned(body?.recorded?.transaction);
      const signed = decodeSigned(body?.recorded?.signed);
      if (transaction.id !== id || signed.id !== id || transaction.network !== network) throw new Error('another id');
      return { transaction, signed };
    } catch (error) {
      throw new SignerError(
        'signer_answer_is_malformed',
        `The signer's record is malformed: ${(error as Error).message}`,
      );
    }
  }

  /** The addresses the signer holds keys for: compared at start with the configured ones. */
  async addresses(): Promise<Record<string, string>> {
    const body = (await this.#call(SIGNER_PATHS.addresses, { method: 'GET' })) as { addresses?: unknown };
    if (typeof body?.addresses !== 'object' || body.addresses === null) {
      throw new SignerError('signer_answer_is_malformed', 'The signer listed no addresses');
    }
    return body.addresses as Record<string, string>;
  }

  /** Configured addresses the signer does not hold (each a line for the operator), empty when all match. */
  async mismatches(): Promise<string[]> {
    const held = await this.addresses();
    return Object.entries(this.#options.addresses)
      .filter(([network, address]) => held[network] !== address)
      .map(([network, address]) => `${network}: configured ${address}, the signer holds ${held[network] ?? 'no key'}`);
  }

  async #call(path: string, init: { method: string; body?: string }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.#options.url), {
        ...init,
        headers: { authorization: `Bearer ${this.#options.secret}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new SignerError('signer_is_unreachable', `The signer did not answer: ${(error as Error).name}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new SignerError('signer_answer_is_malformed', `The signer answered ${response.status} without JSON`);
    }
    if (!response.ok) {
      const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
      throw new SignerError(
        typeof error?.code === 'string' ? error.code : 'signer_answer_is_malformed',
        typeof error?.message === 'string' ? error.message : `The signer answered ${response.status}`,
        response.status,
      );
    }
    return (body as { data?: unknown }).data;
  }
}

export function isSignerError(error: unknown): error is SignerError {
  return error instanceof SignerError;
}
