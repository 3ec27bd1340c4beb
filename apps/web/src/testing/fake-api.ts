// The API at the fetch boundary, for component tests (ADR 0051). A test says how each call of the
// contract answers: data is checked against the call's response schema (the schema's type is the
// one the call descriptor declares, so passing another does not compile, and data that drifted from
// the contract fails the parse), refusals come from the error catalogue with its status and message.
// A request nobody answers gets a 404 and is listed in `unanswered`, which installFakeApi checks is empty.
import type { z as zod } from 'zod';
import { errorBodySchema, errorCatalogue, type ApiCall, type ErrorCode, type ErrorItem } from '@rora/contracts';
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
}

interface Route {
  readonly call: ApiCall;
  readonly pattern: RegExp;
  readonly reply: (request: FakeRequest) => Reply;
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
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
  private readonly routes: Route[] = [];

  /** Answers the call with data the call's response schema accepts (or a function of the request). */
  answer<Call extends ApiCall>(
    call: Call,
    schema: ResponseSchema<Call>,
    data: Data<Call> | ((request: FakeRequest) => Data<Call> | Reply),
  ): void {
    this.on(call, (request) => {
      const answer = typeof data === 'function' ? (data as (request: FakeRequest) => unknown)(request) : data;
      if (answer instanceof Object && 'status' in answer && 'body' in answer) return answer as Reply;
      schema.parse(answer);
      return { status: 200, body: { data: answer } };
    });
  }

  /** Refuses the call with the catalogued error. */
  refuse(call: ApiCall, code: ErrorCode, item: Partial<ErrorItem> = {}): void {
    this.on(call, () => refusal(code, item));
  }

  /** The requests made to one call. */
  calls(call: ApiCall): FakeRequest[] {
    const pattern = pathPattern(call.path);
    return this.requests.filter((request) => request.method === call.method && pattern.test(request.path));
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://rora.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.slice(API_BASE.length);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path, query: url.searchParams, body, headers: new Headers(init.headers) };
    this.requests.push(request);
    // Latest first, so a test can change an answer; fixed paths before `{id}` ones.
    const route = [...this.routes]
      .reverse()
      .sort((a, b) => Number(a.call.path.includes('{')) - Number(b.call.path.includes('{')))
      .find((candidate) => candidate.call.method === method && candidate.pattern.test(path));
    if (!route) this.unanswered.push(`${method} ${path}`);
    const reply = route ? route.reply(request) : refusal('resource_not_found');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  private on(call: ApiCall, reply: (request: FakeRequest) => Reply): void {
    this.routes.push({ call, pattern: pathPattern(call.path), reply });
  }
}
