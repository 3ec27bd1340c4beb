// What TRUST_PROXY may name: what Fastify's trustProxy (proxy-addr) accepts, checked with the rest
// of the configuration. proxy-addr throws on anything else only as the app is built, after the
// embedded PostgreSQL has started, with a line that does not name the setting.
import { isIP } from 'node:net';

/** proxy-addr's names for well-known ranges (connection-limits.ts lists what they stand for). */
export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * An address, a CIDR range, or one of PROXY_RANGE_NAMES. A /0 range is refused like proxy-addr
 * refuses it: it would believe every client's X-Forwarded-For, so the rate limits, the per-address
 * connection cap and the country check would take whatever address a client writes.
 */
export function isProxyEntry(entry: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (family === 4 ? 32 : 128);
}
