// Which of nodemailer's options SMTP_URL may carry, in every environment (ADR 0076, fifth addendum).
// nodemailer's parseConnectionUrl turns every query parameter into an option of the transport the
// SMTP adapter creates (modules/messaging/delivery-adapters.ts), as a string, a number or a boolean.
// Some options stand for an object or a function, or change the transport's shape, and from a URL
// they stop the process at the first mail (`connection=1`), hold every mail forever
// (`pool=true&maxConnections=x`) or fail every one: refused at start, naming the option, never the
// value (the URL may hold a password). What production refuses on top is smtp-link.ts's.
import { parseConnectionUrl as parseSmtpUrl } from 'nodemailer/lib/shared/index.js';

/** Options that stand for an object or a function, which a URL cannot give. */
const NOT_FROM_A_URL = {
  connection:
    'connection= stands for an open socket, which a URL cannot give: nodemailer throws at the first mail, outside any request, and the process stops',
  socket: 'socket= stands for a socket object, which a URL cannot give: every mail fails',
  getSocket: 'getSocket= stands for a function, which a URL cannot give',
  secured: 'secured= says the socket given as connection= is already TLS, and a URL gives no socket',
  dkim: 'dkim= stands for signing keys, an object a URL cannot give: nodemailer throws at the first mail, outside any request, and the process stops',
  logger: 'logger= stands for a logger object, which a URL cannot give: every mail fails',
  customAuth: 'customAuth= stands for functions, which a URL cannot give',
  normalizeHeaderKey: 'normalizeHeaderKey= stands for a function, which a URL cannot give',
  SES: "SES= selects nodemailer's Amazon SES transport, with no SES client to send through: nodemailer throws at the first mail, outside any request, and the process stops",
  url: "url= has nodemailer read the URL it names instead of this one, without this one's options or the adapter's time limits",
} as const;

/**
 * A pool keeps its connections open after the mail and queues mail with no time limit (a
 * maxConnections that is no positive number holds every mail forever); the adapter opens one
 * connection per mail, which ends within its time limits and leaves nothing open at shutdown.
 */
const POOL =
  'pool= keeps connections open after the mail and queues mail with no time limit, while the adapter sends each mail on a connection of its own that ends within its time limits';
const POOL_ONLY = ['maxConnections', 'maxMessages', 'rateLimit', 'rateDelta', 'maxRequeues'] as const;

/** The adapter's time limits, which the URL may replace with its own. */
const TIMEOUTS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout', 'dnsTimeout'] as const;

/**
 * What a URL's time limit may be: under a second fails every mail (a greeting takes longer), and
 * over two minutes keeps a mail waiting that long (over 2^31 ms, Node's timers fire at once).
 */
const TIMEOUT_MS = { min: 1_000, max: 120_000 } as const;
const isTimeLimit = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= TIMEOUT_MS.min && (value as number) <= TIMEOUT_MS.max;

/** TLS versions Node's tls.connect knows; any other value fails every mail. */
export const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;

/**
 * The `tls.` options nodemailer hands to Node's tls.connect that a URL can give and that move the
 * link nowhere a check cannot follow (production refuses more of them: smtp-link.ts). Others want
 * an object, a function, a Buffer or a typed value (`tls.timeout=x` stops the process at the first
 * mail), or move the link (`tls.path`, `tls.port`, `tls.socket`).
 */
const TLS_FROM_A_URL = ['servername', 'host', 'rejectUnauthorized', 'minVersion', 'maxVersion', 'ciphers'];

/** Why the options nodemailer reads from SMTP_URL would break mail or the process, naming the first one. */
function optionProblem(options: Readonly<Record<string, unknown>>): string | undefined {
  const listed = Object.entries(NOT_FROM_A_URL).find(([name]) => name in options);
  if (listed) return `${listed[1]}: leave it out`;
  // The user and password before the host give nodemailer its auth object; a parameter replaces it.
  if ('auth' in options && (typeof options.auth !== 'object' || options.auth === null)) {
    return 'auth= stands for an object: give the user and password before the host (smtp://user:pass@host)';
  }
  if (options.pool) return `${POOL}: leave it out`;
  const poolOnly = POOL_ONLY.find((name) => name in options);
  if (poolOnly) return `${poolOnly}= only tunes a pool, which the adapter does not use: leave it out`;
  const timeout = TIMEOUTS.find((name) => name in options && !isTimeLimit(options[name]));
  if (timeout) {
    return `${timeout}= must be a whole number of milliseconds from ${TIMEOUT_MS.min} to ${TIMEOUT_MS.max} (it replaces the adapter's own limit)`;
  }
  if (!('tls' in options)) return undefined;
  const tls = options.tls;
  if (typeof tls !== 'object' || tls === null) {
    return 'tls= stands for an object: give its fields as tls.servername and the like';
  }
  const unknown = Object.keys(tls).find((key) => !TLS_FROM_A_URL.includes(key));
  if (unknown) {
    return `tls.${unknown}= is no TLS option SMTP_URL takes: nodemailer hands it to Node's tls.connect as it is, and from a URL it fails every mail, stops the process or moves the link; it takes tls.${TLS_FROM_A_URL.join(', tls.')}`;
  }
  const version = (['minVersion', 'maxVersion'] as const).find(
    (key) => key in tls && !(TLS_VERSIONS as readonly unknown[]).includes((tls as Record<string, unknown>)[key]),
  );
  if (version) return `tls.${version}= must be one of ${TLS_VERSIONS.join(', ')}: Node refuses any other at every mail`;
  return undefined;
}

/**
 * Why SMTP_URL `value` would break mail or the process wherever it runs, or undefined when
 * nodemailer can send with it. Only an smtp:// or smtps:// URL is read: the schema names another.
 */
export function smtpUrlOptionProblem(value: string): string | undefined {
  if (!/^smtps?:/i.test(value)) return undefined;
  let options: Record<string, unknown>;
  try {
    options = parseSmtpUrl(value) as Record<string, unknown>;
  } catch {
    return 'nodemailer cannot parse the URL: give an smtps:// or smtp:// URL';
  }
  return optionProblem(options);
}
