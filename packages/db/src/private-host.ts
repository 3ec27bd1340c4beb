// Whether a host a link names is on this machine or a private network (ADR 0076): loopback
// (loopback.ts), the RFC 1918 ranges, IPv6 unique-local addresses (fc00::/7), and single-label
// names such as compose or Kubernetes service names (`redis`, `nats`, `postgres`), which the
// resolver looks up on the local network. Anything else may be a hop across the internet.
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from './loopback.ts';

const PRIVATE_RANGES = new BlockList();
PRIVATE_RANGES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_RANGES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_RANGES.addSubnet('fc00::', 7, 'ipv6');

/**
 * One DNS label that starts with a letter. A name of digits alone is not one: the system resolver
 * reads `134744072` or `0x8080808` as an IPv4 address (8.8.8.8), wherever it is.
 */
const SINGLE_LABEL = /^[a-z][a-z0-9_-]{0,62}$/;

export function isPrivateHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (isLoopbackHost(name)) return true;
  const family = isIP(name);
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 ranges.
  if (family !== 0) return PRIVATE_RANGES.check(name, family === 4 ? 'ipv4' : 'ipv6');
  return SINGLE_LABEL.test(name);
}
