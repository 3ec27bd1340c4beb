// Where an IP address is, as a two-letter country code. The default adapter reads geoip-lite's
// offline database (shipped in the npm package, no network). Its data takes about 150 MB of memory
// and half a second to load, so it is loaded on the first lookup, once, not at start.
import { BlockList, isIP } from 'node:net';

export interface GeoIpAdapter {
  /** ISO 3166-1 alpha-2 code, or null when the address cannot be placed. */
  countryOf(ip: string): Promise<string | null>;
}

type Lookup = (ip: string) => { country: string } | null;

export function createGeoIpLiteAdapter(): GeoIpAdapter {
  let lookup: Promise<Lookup> | undefined;
  const load = async (): Promise<Lookup> => {
    const geoip = (await import('geoip-lite')).default;
    return (ip) => geoip.lookup(ip);
  };
  return {
    async countryOf(ip) {
      lookup ??= load();
      const country = (await lookup)(ip)?.country;
      return country && /^[A-Z]{2}$/.test(country) ? country : null;
    },
  };
}

const localRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private, link-local and carrier-grade NAT addresses, which no GeoIP database places. */
export function isLocalAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return localRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
