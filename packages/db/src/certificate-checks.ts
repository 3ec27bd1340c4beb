// NODE_TLS_REJECT_UNAUTHORIZED=0 turns off the certificate check of every TLS link the process
// opens: pg with sslmode=verify-full, nodemailer, ioredis's rediss://, NATS's tls://, fetch to the
// nodes and the object store. Anyone on the path could then pose as any of them, so production
// refuses it (ADR 0076), in the API and in the signer. Node reads only the exact value '0'.
export const CERTIFICATE_CHECKS_OFF =
  '0 turns off the certificate check of every TLS link (the database, mail, Redis, NATS, the nodes): not in production; leave it unset';

/** The refusal (to follow the variable's name), when `env` turns certificate checks off. */
export function certificateChecksProblem(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return env.NODE_TLS_REJECT_UNAUTHORIZED === '0' ? CERTIFICATE_CHECKS_OFF : undefined;
}
