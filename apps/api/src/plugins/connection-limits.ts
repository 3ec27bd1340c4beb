// How long a client may take to send a request, and how many connections one process keeps open.
// Node checks its header and request deadlines on a timer (`connectionsCheckingInterval`), so a
// deadline is only as sharp as that timer: with Node's defaults (headers 60 s, a check every 30 s)
// 3,000 connections that sent a header line every 5 s stayed open for 66 to 90 s (an outside test).
// And a client that ignores the 408's FIN kept its half-closed socket for as long as it liked.
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** The longest a request may take to arrive, headers and body: then 408 request_took_too_long. */
  requestTimeoutMs: number;
  /** The longest a request's headers may take to arrive, from its first byte (or the connection). */
  headersTimeoutMs: number;
  /** Connections one process keeps open at once, WebSockets included (MAX_CONNECTIONS); more are refused. */
  maxConnections: number;
}

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

/**
 * The cap on open connections (one over it is closed as it arrives), and a deadline for the first
 * byte: Node's header deadline runs from a request's first byte, so a connection that sent nothing
 * stayed open until the keep-alive timeout (72 s), and one that never sent a byte would hold a slot.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.headersTimeoutMs);
    socket.once('close', () => clearTimeout(silent));
  });
}
