// The API at the fetch boundary, for component tests (ADR 0051). A test says how each call of the
// contract answers: data is checked against the call's response schema (the schema's type is the
// one the call descriptor declares, so passing another does not compile, and data that drifted from
// the contract fails the parse), refusals come from the error catalogue with its status and message.
// A request nobody answers gets a 404 and is listed in `unanswered`, which installFakeApi checks is empty.
import type { z as zod } from 'zod';
import {
  auditApi,
  authApi,
  errorBodySchema,
  errorCatalogue,
  geoApi,
  kycApi,
  lendingApi,
  marketsApi,
  notificationApi,
  onrampApi,
  stakingApi,
  swapApi,
  userApi,
  walletApi,
  type ApiCall,
  type ErrorCode,
  type ErrorItem,
} from '@rora/contracts';
import { API_BASE } from '../lib/api/client.ts';

type ResponseSchema<Call> = Call extends ApiCall<infer Schemas> ? Schemas['response'] : never;
type Data<Call> = zod.input<ResponseSchema<Call>>;

export interface FakeRequest {
  readonly method: string;
  /** Under /api/v1, as the contract writes it: `/wallet/abc`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly headers: Headers;
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

interface HeldRoute {
  readonly call: ApiCall;
  readonly pattern: RegExp;
  readonly reply: (request: FakeRequest) => Promise<Reply>;
}

interface Route {
  readonly call: ApiCall;
  readonly pattern: RegExp;
  readonly reply: (request: FakeRequest) => Reply;
}

const contractCalls: readonly ApiCall[] = [
  auditApi,
  authApi,
  geoApi,
  kycApi,
  lendingApi,
  marketsApi,
  notificationApi,
  onrampApi,
  stakingApi,
  swapApi,
  userApi,
  walletApi,
].flatMap((table) => Object.values(table as Record<string, ApiCall>));

/** As the API routes: a path that is another call's fixed path never fills a `{id}`. */
const fixedPaths = new Set(
  contractCalls.filter((call) => !call.path.includes('{')).map((call) => `${call.method} ${call.path}`),
);

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** Whether a request is one to the call, as the API would route it. */
function reaches(call: ApiCall, pattern: RegExp, request: { method: string; path: string }): boolean {
  if (call.method !== request.method || !pattern.test(request.path)) return false;
  return !call.path.includes('{') || !fixedPaths.has(`${request.method} ${request.path}`);
}

/** The wire body of a refusal with the catalogue's status and message for the code. */
export function refusal(code: ErrorCode, item: Partial<ErrorItem> = {}): Reply {
  const { status, message } = errorCatalogue[code];
  const body = errorBodySchema.parse({ error: { code, message }, data: [{ code, message, ...item }] });
  return { status, body };
}

export class FakeApi {
  readonly requests: FakeRequest[] = [];
  readonly unanswered: string[] = [];
  readonly invalid: string[] = [];
  private readonly routes: Route[] = [];
  private readonly held: HeldRoute[] = [];

  /** Answers the call with data the call's response schema accepts (or a function of the request). */
  answer<Call extends ApiCall>(
    call: Call,
    schema: ResponseSchema<Call>,
    data: Data<Call> | ((request: FakeRequest) => Data<Call>),
  ): void {
    this.on(call, (request) => {
      const answer = typeof data === 'function' ? (data as (request: FakeRequest) => unknown)(request) : data;
      schema.parse(answer);
      return { status: 200, body: { data: answer } };
    });
  }

  /**
   * Holds the call's requests until the test releases them with data the call's response schema
   * accepts, as a slow network would: what a screen shows while it waits.
   */
  hold<Call extends ApiCall>(call: Call, schema: ResponseSchema<Call>): { release: (data: Data<Call>) => void } {
    let release: (data: Data<Call>) => void = () => undefined;
    const arrived = new Promise<Data<Call>>((resolve) => (release = resolve));
    this.held.push({
      call,
      pattern: pathPattern(call.path),
      reply: async () => {
        const data = await arrived;
        schema.parse(data);
        return { status: 200, body: { data } };
      },
    });
    return { release: (data) => release(data) };
  }

  /** Refuses the call with the catalogued error. */
  refuse(call: ApiCall, code: ErrorCode, item: Partial<ErrorItem> = {}): void {
    this.on(call, () => refusal(code, item));
  }

  /** Refuses the call with the catalogued error and these headers on the answer (Retry-After). */
  refuseWithHeaders(call: ApiCall, code: ErrorCode, headers: Readonly<Record<string, string>>): void {
    this.on(call, () => ({ ...refusal(code), headers }));
  }

  /** The requests made to one call. */
  calls(call: ApiCall): FakeRequest[] {
    const pattern = pathPattern(call.path);
    return this.requests.filter((request) => reaches(call, pattern, request));
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // As a browser does: a call cancelled before it went out rejects (queries cancel on unmount).
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://rora.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.slice(API_BASE.length);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path, query: url.searchParams, body, headers: new Headers(init.headers) };
    this.requests.push(request);
    // Latest first, so a test can change an answer.
    const held = this.held.find((candidate) => reaches(candidate.call, candidate.pattern, request));
    const route = [...this.routes].reverse().find((candidate) => reaches(candidate.call, candidate.pattern, request));
    if (!route && !held) this.unanswered.push(`${method} ${path}`);
    const reply = held
      ? await held.reply(request)
      : route
        ? this.replyOf(route, request)
        : refusal('resource_not_found');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };

  private replyOf(route: Route, request: FakeRequest): Reply {
    try {
      return route.reply(request);
    } catch (error) {
      this.invalid.push(`${request.method} ${request.path}: ${error instanceof Error ? error.message : String(error)}`);
      return refusal('internal_error');
    }
  }

  private on(call: ApiCall, reply: (request: FakeRequest) => Reply): void {
    this.routes.push({ call, pattern: pathPattern(call.path), reply });
  }
}
