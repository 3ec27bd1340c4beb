// Security headers on every answer (DESIGN §7): helmet's set, with a Content-Security-Policy that
// lets the web app reach its own origin only: 'self', and its own WebSocket by name (browsers before
// CSP 3, Chrome < 71 and Safari < 16, do not count ws(s): of the page's host as 'self'). No inline
// styles: React's `style` props are CSSOM and allowed; the one <style> element the app makes is the
// chart library's attribution logo, allowed by its hash. The API docs (Swagger UI: a developer tool
// showing the OpenAPI document, no customer data) add inline styles of their own and alone allow
// them. Helmet's headers depend only on its options, so they are worked out once at start and set
// with one call per request (@fastify/helmet built helmet's middleware again for every request: 5 %
// of an order's CPU time under load); only the WebSocket's host is put in per request. A route that
// needs a stricter policy (a KYC document, say) sets its own header, which wins.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { OPENAPI_DOCS_PREFIX } from './openapi.ts';

/**
 * sha256 of the <style> lightweight-charts (5.x) adds for its attribution logo; headers.test.ts
 * recomputes it from the installed library, so an upgrade that changes the text fails there.
 */
export const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

const CONNECT_SRC = "connect-src 'self'";

const directives = {
  defaultSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", CHART_ATTRIBUTION_STYLE_HASH],
  scriptSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
};
const options: HelmetOptions = { contentSecurityPolicy: { directives } };

const docsOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { ...directives, styleSrc: ["'self'", "'unsafe-inline'"] },
  },
};

/** A host as a browser sends it (name or IP literal, optional port); anything else is not echoed. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The policy cut after its connect-src 'self', where a WebSocket address is put per request. */
export function splitAtConnectSrc(policy: string): [string, string] {
  const parts = policy.split(';');
  const at = parts.indexOf(CONNECT_SRC);
  if (at === -1) throw new Error(`the policy must have exactly ${CONNECT_SRC}: ${policy}`);
  return [
    parts.slice(0, at + 1).join(';'),
    parts
      .slice(at + 1)
      .map((part) => `;${part}`)
      .join(''),
  ];
}

/** The policy with the page's own WebSocket address in connect-src (wss:, and ws: over plain http). */
export function policyFor(policy: [string, string], request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  const { host } = request;
  if (typeof host !== 'string' || !PLAIN_HOST.test(host)) return policy.join('');
  return `${policy[0]} ${request.protocol === 'https' ? '' : `ws://${host} `}wss://${host}${policy[1]}`;
}

/** The headers helmet sets with these options, read off one run of its middleware. */
export function helmetHeaders(helmetOptions: HelmetOptions = options): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(helmetOptions)({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = helmetHeaders();
  const policy = splitAtConnectSrc(headers['content-security-policy']!);
  const docsPolicy = splitAtConnectSrc(helmetHeaders(docsOptions)['content-security-policy']!);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const docs = request.url.startsWith(OPENAPI_DOCS_PREFIX);
    reply.header('content-security-policy', policyFor(docs ? docsPolicy : policy, request));
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
