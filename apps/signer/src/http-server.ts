// The signer's only door: HTTP on a loopback address, every call carrying the shared secret as a
// bearer token (compared in constant time). Answers `{ data }` or `{ error: { code, message } }`.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNER_PATHS, SignerProtocolError, decodeUnsigned, encodeUnsigned, type NetworkId } from '@rora/chains';
import { SignerRefusal } from './refusal.ts';
import type { SigningService } from './signing-service.ts';

const MAX_BODY_BYTES = 256 * 1024;

export interface SignerServer {
  readonly url: string;
  close(): Promise<void>;
}

export interface SignerServerOptions {
  readonly service: SigningService;
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  /** Unexpected failures (never a refusal): the process logs them without the request. */
  readonly onError?: (error: unknown) => void;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SignerRefusal('signer_request_is_malformed', `The body is over ${MAX_BODY_BYTES} bytes`));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new SignerRefusal('signer_request_is_malformed', 'The body is not JSON'));
      }
    });
    request.on('error', reject);
  });
}

async function route(options: SignerServerOptions, request: http.IncomingMessage): Promise<unknown> {
  const path = new URL(request.url ?? '/', 'http://signer').pathname;
  if (request.method === 'GET' && path === SIGNER_PATHS.health) return { ok: true };
  if (request.method === 'GET' && path === SIGNER_PATHS.addresses) return { addresses: options.service.addresses() };
  if (request.method === 'GET' && path === SIGNER_PATHS.recorded) {
    const query = new URL(request.url ?? '/', 'http://signer').searchParams;
    const network = query.get('network');
    const id = query.get('id');
    if (!network || !id || !(network in options.service.addresses())) {
      throw new SignerRefusal('signer_request_is_malformed', 'network (one the signer holds) and id are required');
    }
    const found = await options.service.recorded(network as NetworkId, id);
    return { recorded: found && { transaction: JSON.parse(encodeUnsigned(found.transaction)), signed: found.signed } };
  }
  if (request.method === 'POST' && path === SIGNER_PATHS.sign) {
    let transaction;
    try {
      transaction = decodeUnsigned(await readBody(request));
    } catch (error) {
      if (error instanceof SignerProtocolError) throw new SignerRefusal('signer_request_is_malformed', error.message);
      throw error;
    }
    return options.service.sign(transaction);
  }
  return undefined;
}

export function startSignerServer(options: SignerServerOptions): Promise<SignerServer> {
  const expected = digest(`Bearer ${options.secret}`);
  const server = http.createServer((request, response) => {
    const given = digest(String(request.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected)) {
      const error = { code: 'signer_secret_is_wrong', message: 'The request does not carry the signer secret' };
      send(response, 401, { error });
      request.resume();
      return;
    }
    route(options, request).then(
      (data) =>
        data === undefined
          ? send(response, 404, { error: { code: 'route_not_found', message: 'No such signer call' } })
          : send(response, 200, { data }),
      (error: unknown) => {
        if (error instanceof SignerRefusal) {
          send(response, error.status, { error: { code: error.code, message: error.message } });
          return;
        }
        options.onError?.(error);
        send(response, 500, { error: { code: 'signer_failed', message: 'The signer failed; retry later' } });
      },
    );
  });
  server.requestTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
