// Links production refuses (ADR 0076): a URL setting whose link would carry passwords or customers'
// data in clear text to a host that is neither on this machine nor on a private network (@rora/db's
// private-host.ts; the database's own rule is there too, shared with the signer process). A link is
// fine encrypted (smtps://, smtp:// with requireTLS=true, rediss://, tls://, https://,
// sslmode=require or stricter) or private. Each refusal names the setting and the rule, never the
// value: the URL may hold a password. The customers' sites must be https:// (siteProblems).
import {
  DATABASE_LINK_ADVICE,
  databaseClearText,
  databaseHost,
  isLoopbackHost,
  isPrivateHost,
  isPrivateLinkHost,
} from '@rora/db';
import type { Problem } from './production-config.ts';

type Values = Readonly<Record<string, string | undefined>>;

const ADR = 'docs/adr/0076-links-off-the-private-network-are-encrypted.md';

interface Link {
  /** What crosses the network on this link. */
  carries: string;
  /** Why `url` goes in clear text, or undefined when it is encrypted. */
  clearText(url: URL): string | undefined;
  /** How to encrypt it. */
  advice: string;
  /** The host the client connects to; the URL's by default. */
  host?(url: URL): string;
}

/**
 * A URL query flag as nodemailer reads it: anything but absent, empty, `false` or `0` is on, and so
 * is a flag given twice (it reads the two as a list, which is truthy whatever they say).
 */
function isOn(url: URL, name: string): boolean {
  const given = url.searchParams.getAll(name);
  return given.length > 1 || (given.length === 1 && !['', 'false', '0'].includes(given[0]!));
}

/** nodemailer's options that make a TLS link fall back to clear text, or accept any certificate. */
const SMTP_WEAKENERS = ['ignoreTLS', 'opportunisticTLS'] as const;

function smtpClearText(url: URL): string | undefined {
  const weakener = SMTP_WEAKENERS.find((name) => isOn(url, name));
  if (weakener) return `${weakener} lets the mail go in clear text`;
  if (url.searchParams.get('tls.rejectUnauthorized') === 'false') {
    return 'tls.rejectUnauthorized=false lets anyone on the path pose as the server';
  }
  if (url.protocol === 'smtps:' || isOn(url, 'requireTLS')) return undefined;
  return "smtp:// only tries STARTTLS, which anyone on the path can strike from the server's answer";
}

const httpClearText = (url: URL) => (url.protocol === 'https:' ? undefined : 'http:// is clear text');

const RPC_LINK: Link = {
  carries: "the node's password and the answers deposits are credited on",
  clearText: httpClearText,
  advice: 'use https://',
};

const LINKS: Readonly<Record<string, Link>> = {
  DATABASE_URL: {
    carries: "the database password and every customer's data",
    clearText: databaseClearText,
    advice: DATABASE_LINK_ADVICE,
    host: databaseHost,
  },
  SMTP_URL: {
    carries: "the mail password and customers' one-time codes",
    clearText: smtpClearText,
    advice: 'use smtps:// or add requireTLS=true, and no option that weakens TLS',
  },
  RATE_LIMIT_REDIS_URL: {
    carries: "the Redis password and the rate-limit keys (customers' addresses and e-mails)",
    clearText: (url) => (url.protocol === 'rediss:' ? undefined : 'redis:// is clear text'),
    advice: 'use rediss://',
  },
  INTERNAL_URL: {
    carries: "the writer's token and the customers' orders other replicas forward here",
    clearText: httpClearText,
    advice: 'use https:// through a TLS proxy',
  },
  KYC_S3_ENDPOINT: {
    carries: "customers' identity documents",
    clearText: httpClearText,
    advice: 'use https://',
  },
  CHAINS_BTC_RPC_URL: RPC_LINK,
  CHAINS_LTC_RPC_URL: RPC_LINK,
  CHAINS_ETH_RPC_URL: RPC_LINK,
  CHAINS_BSC_RPC_URL: RPC_LINK,
  CHAINS_XRP_RPC_URL: RPC_LINK,
  CHAINS_SOL_RPC_URL: RPC_LINK,
};

const NATS_LINK: Link = {
  carries: "every live event, customers' own included",
  clearText: (url) =>
    url.protocol === 'tls:'
      ? undefined
      : 'nats:// uses TLS only if the server offers it, and anyone on the path can say it does not',
  advice: 'use tls:// (TLS is then required of every server in the list)',
};

const refusal = (name: string, link: Link, why: string, which = ''): Problem => ({
  name,
  message: `${which}${why}, so ${link.carries} would cross the network in clear text: not in production to a host off this machine and its private network; ${link.advice} (${ADR})`,
});

/** Why `value` would go in clear text off the private network; undefined when it is fine or no URL. */
function clearTextOffNetwork(link: Link, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined; // the schema names a value that is not a URL
  }
  const host = link.host?.(url) ?? url.hostname;
  if (isPrivateLinkHost(host)) return undefined;
  return link.clearText(url);
}

/** NATS_URL lists servers; the line says which, by position, without printing them. */
function natsProblems(value: string | undefined): Problem[] {
  if (value === undefined) return [];
  const servers = value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  const clear = servers.map((server) => clearTextOffNetwork(NATS_LINK, server));
  const at = clear.flatMap((why, index) => (why ? [index + 1] : []));
  const why = clear.find(Boolean);
  if (!why) return [];
  const which = servers.length > 1 ? `server ${at.join(', ')} of ${servers.length}: ` : '';
  return [refusal('NATS_URL', NATS_LINK, why, which)];
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
    let url: URL;
    try {
      url = new URL(values[name] ?? '');
    } catch {
      return []; // unset (the https:// default), or not a URL: the schema names that
    }
    if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return [];
    const message = `http:// is clear text, so customers' browsers sent there would get pages anyone on the path can read and rewrite, passwords and one-time codes typed in included: not in production to a host off this machine; use https:// (${ADR})`;
    return [{ name, message }];
  });
}

/** Every link setting production must not run with. */
export function linkProblems(values: Values): Problem[] {
  const problems: Problem[] = [];
  for (const [name, link] of Object.entries(LINKS)) {
    const value = values[name];
    const why = value === undefined ? undefined : clearTextOffNetwork(link, value);
    if (why) problems.push(refusal(name, link, why));
  }
  return [...problems, ...natsProblems(values.NATS_URL), ...derivedInternalUrl(values), ...siteProblems(values)];
}
