// How long a client may take to send a request, and how many connections one process keeps open.
// Node checks its header and request deadlines on a timer (`connectionsCheckingInterval`), so a
// deadline is only as sharp as that timer: with Node's defaults (headers 60 s, a check every 30 s)
// 3,000 connections that sent a header line every 5 s stayed open for 66 to 90 s (an outside test).
// And a client that ignores the 408's FIN kept its half-closed socket for as long as it liked.
// One address may hold only so many of them (MAX_CONNECTIONS_PER_ADDRESS), so a single source cannot
// fill the process's cap and lock everyone else out; a trusted proxy, which carries everyone's
// connections, and this machine itself are not counted.
import type { Server, ServerOptions } from 'node:http';
import { BlockList, isIPv6, type Socket } from 'node:net';
import { createSlots } from '../lib/slots.ts';

export interface ConnectionLimits {
  /** The longest a request may take to arrive, headers and body: then 408 request_took_too_long. */
  requestTimeoutMs: number;
  /** The longest a request's headers may take to arrive, from its first byte (or the connection). */
  headersTimeoutMs: number;
  /** Connections one process keeps open at once, WebSockets included (MAX_CONNECTIONS); more are refused. */
  maxConnections: number;
  /** Connections one client address keeps open at once (MAX_CONNECTIONS_PER_ADDRESS); more are refused. */
  maxConnectionsPerAddress: number;
  /** Addresses the per-address cap does not count: loopback and the trusted proxies (uncappedAddresses). */
  uncapped: BlockList;
}

/** proxy-addr's names (Fastify's trustProxy takes them too) and the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Loopback (a proxy on this host, or this host's own tools) and every TRUST_PROXY entry: an address,
 * a CIDR range, or one of proxy-addr's names. An entry that is none of these caps nothing away.
 */
export function uncappedAddresses(trustProxy: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of ['loopback', ...trustProxy].flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    try {
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    } catch {
      // Not an address (the configuration refuses such an entry, lib/proxy-entry.ts): nothing to leave uncapped.
    }
  }
  return list;
}

/** A socket's address as the cap counts it: an IPv4 client of a dual-stack socket by its IPv4 form. */
function clientAddress(socket: Socket): string | null {
  const address = socket.remoteAddress;
  if (!address) return null;
  return address.startsWith('::ffff:') && !address.slice(7).includes(':') ? address.slice(7) : address;
}

const isUncapped = (uncapped: BlockList, address: string) => uncapped.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * Fastify's default request deadline is none: a body announced and never finished held its
 * connection for ever, and 21,000 of them took every file handle (an outside test). Two minutes lets a 10 MB KYC upload arrive at under 1 Mbit/s. Headers are a few hundred bytes in
 * one packet: 15 s is plenty for a slow phone. 10,000 connections (MAX_CONNECTIONS) stay well under
 * the 20,000 file handles a process has here, so the database pool and log files always get theirs.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 15_000,
  maxConnections: 10_000,
  maxConnectionsPerAddress: 256,
  uncapped: uncappedAddresses([]),
};

/** How often Node looks for connections past their deadline: at most a second late. */
export function checkIntervalMs(limits: ConnectionLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.max(50, Math.min(1_000, Math.floor(shortest / 4)));
}

/**
 * Options for http.createServer: Node arms its deadline checks only when the server is made
 * (Fastify sets requestTimeout on the server afterwards, which alone checked nothing on Node 24).
 */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    connectionsCheckingInterval: checkIntervalMs(limits),
  };
}

/** A slot per open connection of each capped address (lib/slots.ts); one over the cap is refused. */
function capPerAddress(server: Server, limits: ConnectionLimits): void {
  const open = createSlots({ perKey: limits.maxConnectionsPerAddress });
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    if (address === null || isUncapped(limits.uncapped, address)) return;
    const release = open.take(address);
    if (release) socket.once('close', release);
    else socket.destroy();
  });
}

/**
 * The caps on open connections, in all and per address (one over either is closed as it arrives),
 * and a deadline for the first byte: Node's header deadline runs from a request's first byte, so a
 * connection that sent nothing stayed open until the keep-alive timeout (72 s), and one that never
 * sent a byte would hold a slot.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  capPerAddress(server, limits);
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.headersTimeoutMs);
    socket.once('close', () => clearTimeout(silent));
  });
}
