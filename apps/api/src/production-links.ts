// Links production refuses (ADR 0076): a URL setting whose link would carry passwords or customers'
// data in clear text to a host that is neither on this machine nor on a private network (@rora/db's
// private-host.ts; the database's own rule is there too, shared with the signer process). A link is
// fine encrypted (smtps://, smtp:// with requireTLS=true, rediss://, tls://, https://,
// sslmode=require or stricter) or private. Each refusal names the setting and the rule, never the
// value: the URL may hold a password. The customers' sites must be https:// (siteProblems).
// Each URL is read as its client reads it (nodemailer's parseConnectionUrl, ioredis's parseURL,
// pg-connection-string with PGHOST and PGSSLMODE, the NATS client's Servers): the WHATWG parser
// alone disagrees with them on host and TLS, and a URL on which parsers disagree (a backslash), or
// with an option that sends the link elsewhere, is refused whatever it names.
import {
  ambiguousLinkMessage,
  certificateChecksProblem,
  ambiguousLinkUrl,
  DATABASE_LINK_ADVICE,
  isLoopbackHost,
  isPrivateHost,
  judgeLink,
  type LinkReading,
  readDatabaseLink,
} from '@rora/db';
import { Servers } from '@nats-io/transport-node';
import { parseURL as parseRedisUrl } from 'ioredis/built/utils/index.js';
import type { Problem } from './production-config.ts';
import { readSmtpLink } from './smtp-link.ts';

type Values = Readonly<Record<string, string | undefined>>;

const ADR = 'docs/adr/0076-links-off-the-private-network-are-encrypted.md';

interface Link {
  /** What crosses the network on this link. */
  carries: string;
  /**
   * What the client does with `value`, among the other `values` (pg reads PGHOST and PGSSLMODE);
   * undefined when it is not a URL (the schema names that).
   */
  read(value: string, values: Values): LinkReading | undefined;
  /** How to encrypt it. */
  advice: string;
}

const whatwgUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

/**
 * ioredis speaks TLS when the URL starts with `rediss://` in lower case, unless a `tls` parameter
 * says otherwise (empty: off); it takes a `host` parameter when the URL names none, and a `path`
 * (a Unix socket on this machine) over any host. A `sentinels` parameter (with `name`) turns on
 * sentinel mode: ioredis asks a sentinel (on this machine: the parameter names no host ioredis
 * reads) which host to use, and reaches that host without TLS unless enableTLSForSentinelMode.
 */
function readRedis(value: string): LinkReading | undefined {
  let options: Record<string, unknown>;
  try {
    options = parseRedisUrl(value);
  } catch {
    return undefined;
  }
  if ('sentinels' in options) {
    const why = "sentinels= has ioredis take the host from a sentinel's answer, which no check can see";
    return { refused: { why, fix: 'name the Redis host in the URL, without sentinels' } };
  }
  const tls = 'tls' in options ? options.tls : value.startsWith('rediss://');
  const clearText = tls
    ? undefined
    : /^rediss:/i.test(value)
      ? 'ioredis turns TLS off for this rediss:// URL (its scheme is not in lower case, or its tls parameter is empty)'
      : 'redis:// is clear text';
  const host = options.path ? '' : typeof options.host === 'string' ? options.host : '';
  return { host, clearText };
}

/** fetch reads a URL as WHATWG does. */
function readHttp(value: string): LinkReading | undefined {
  const url = whatwgUrl(value);
  if (!url) return undefined;
  return { host: url.hostname, clearText: url.protocol === 'https:' ? undefined : 'http:// is clear text' };
}

const RPC_LINK: Link = {
  carries: "the node's password and the answers deposits are credited on",
  read: readHttp,
  advice: 'use https://',
};

const LINKS: Readonly<Record<string, Link>> = {
  DATABASE_URL: {
    carries: "the database password and every customer's data",
    read: readDatabaseLink,
    advice: DATABASE_LINK_ADVICE,
  },
  SMTP_URL: {
    carries: "the mail password and customers' one-time codes",
    read: readSmtpLink,
    advice: 'use smtps:// or add requireTLS=true, and no option that weakens TLS',
  },
  RATE_LIMIT_REDIS_URL: {
    carries: "the Redis password and the rate-limit keys (customers' addresses and e-mails)",
    read: readRedis,
    advice: 'use rediss://',
  },
  INTERNAL_URL: {
    carries: "the writer's token and the customers' orders other replicas forward here",
    read: readHttp,
    advice: 'use https:// through a TLS proxy',
  },
  KYC_S3_ENDPOINT: {
    carries: "customers' identity documents",
    read: readHttp,
    advice: 'use https://',
  },
  CHAINS_BTC_RPC_URL: RPC_LINK,
  CHAINS_LTC_RPC_URL: RPC_LINK,
  CHAINS_ETH_RPC_URL: RPC_LINK,
  CHAINS_BSC_RPC_URL: RPC_LINK,
  CHAINS_XRP_RPC_URL: RPC_LINK,
  CHAINS_SOL_RPC_URL: RPC_LINK,
};

/**
 * What the NATS client does with one server of NATS_URL. It reads the host with its own parser
 * (hostPort, through Servers), not WHATWG's: it drops everything up to the last `://`, takes an
 * IPv4-mapped address anywhere in the text (`nats://10.0.0.1#::ffff:203.0.113.9` is 203.0.113.9),
 * reads a bare IPv6 address (`nats://2001:db8::7`) and parses the rest as an http:// URL. The bus
 * asks TLS when a server starts with tls:// (nats-event-bus.ts); a server the client cannot parse
 * (a password in it, a port out of range) stops the whole list from connecting.
 */
function readNatsServer(server: string): LinkReading {
  let host: string;
  try {
    const servers = new Servers();
    servers.setServers([server]);
    host = servers.getCurrentServer().hostname;
  } catch {
    const why = 'the NATS client cannot parse the server';
    return {
      refused: { why, so: 'the bus would not connect at all', fix: 'write it as tls:// or nats:// and host:port' },
    };
  }
  const clearText = /^tls:\/\//i.test(server)
    ? undefined
    : 'nats:// uses TLS only if the server offers it, and anyone on the path can say it does not';
  return { host, clearText };
}

const NATS_LINK: Link = {
  carries: "every live event, customers' own included",
  read: readNatsServer,
  advice: 'use tls:// (TLS is then required of every server in the list)',
};

const refusal = (name: string, link: Link, why: string, which = ''): Problem => ({
  name,
  message: `${which}${why}, so ${link.carries} would cross the network in clear text: not in production to a host off this machine and its private network; ${link.advice} (${ADR})`,
});

/** What `link`'s client does with `value` among `values`, refused whatever its host when parsers disagree on it. */
function readLink(link: Link, value: string, values: Values): LinkReading | undefined {
  const ambiguous = ambiguousLinkUrl(value);
  return ambiguous ? { refused: ambiguous } : link.read(value, values);
}

/**
 * What production makes of a link's `reading`: refused whatever its host (ambiguous), why it would
 * go in clear text off the private network, or undefined when it is fine or no URL.
 */
function linkProblem(name: string, link: Link, reading: LinkReading | undefined, which = ''): Problem | undefined {
  const verdict = reading === undefined ? undefined : judgeLink(reading);
  if (verdict === undefined) return undefined;
  if ('refused' in verdict) return { name, message: `${which}${ambiguousLinkMessage(verdict.refused, ADR)}` };
  return refusal(name, link, verdict.clearText, which);
}

/**
 * NATS_URL lists servers; the line says which, by position, without printing them. The bus asks
 * TLS of every server when any is tls:// (nats-event-bus.ts), so a list that mixes the two would
 * refuse its nats:// servers at connect: production takes all tls:// or all nats://.
 */
function natsProblems(value: string | undefined): Problem[] {
  if (value === undefined) return [];
  const servers = value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  const schemes = new Set(servers.map((server) => /^[a-z]+:/i.exec(server)?.[0].toLowerCase()));
  if (schemes.has('tls:') && schemes.has('nats:')) {
    const message = `mixes tls:// and nats:// servers, and TLS is then required of every one, so its nats:// servers would be refused when the bus connects: not in production; list all tls:// or all nats:// (${ADR})`;
    return [{ name: 'NATS_URL', message }];
  }
  const problems = servers.map((server, index) => {
    const which = servers.length > 1 ? `server ${index + 1} of ${servers.length}: ` : '';
    return linkProblem('NATS_URL', NATS_LINK, readLink(NATS_LINK, server, {}), which);
  });
  const first = problems.find(Boolean);
  if (!first) return [];
  if (servers.length === 1) return [first];
  // One line for all: the first server's reason, with every server the rule refuses by position.
  const at = problems.flatMap((problem, index) => (problem ? [index + 1] : []));
  return [{ name: 'NATS_URL', message: first.message.replace(/^server \d+ of/, `server ${at.join(', ')} of`) }];
}

/**
 * Without INTERNAL_URL other replicas reach this one at http://HOST:PORT (server.ts), loopback for
 * a wildcard HOST: a HOST off the private network would have them forward in clear text.
 */
function derivedInternalUrl(values: Values): Problem[] {
  const host = values.HOST;
  if (values.INTERNAL_URL !== undefined || host === undefined || host === '0.0.0.0' || host === '::') return [];
  if (isPrivateHost(host)) return [];
  const why = 'unset, other replicas reach this one at http:// on HOST, which is clear text';
  return [refusal('INTERNAL_URL', LINKS.INTERNAL_URL!, why)];
}

/** Sites the country check sends customers' browsers to (spec §7, modules/geo). */
const CUSTOMER_SITES = ['US_SITE_URL', 'INTERNATIONAL_SITE_URL'] as const;

/**
 * A customer's browser is on no private network of ours, so only this machine (loopback: a local
 * trial of the production build) may be served in clear text. Anywhere else, whoever is on the path
 * would serve the page in which customers type their passwords and one-time codes.
 */
function siteProblems(values: Values): Problem[] {
  return CUSTOMER_SITES.flatMap((name) => {
    // Unset (the https:// default), or not a URL: the schema names that.
    const url = whatwgUrl(values[name] ?? '');
    if (!url || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return [];
    const message = `http:// is clear text, so customers' browsers sent there would get pages anyone on the path can read and rewrite, passwords and one-time codes typed in included: not in production to a host off this machine; use https:// (${ADR})`;
    return [{ name, message }];
  });
}

/** Every link setting production must not run with. */
export function linkProblems(values: Values): Problem[] {
  const problems: Problem[] = [];
  for (const [name, link] of Object.entries(LINKS)) {
    const value = values[name];
    const problem = value === undefined ? undefined : linkProblem(name, link, readLink(link, value, values));
    if (problem) problems.push(problem);
  }
  const certificates = certificateChecksProblem(values);
  if (certificates) problems.push({ name: 'NODE_TLS_REJECT_UNAUTHORIZED', message: certificates });
  return [...problems, ...natsProblems(values.NATS_URL), ...derivedInternalUrl(values), ...siteProblems(values)];
}
