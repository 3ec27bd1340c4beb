// Shared secrets production refuses (ADR 0020): one printed in Rora's source (the sandbox's former
// webhook secrets, the tests' fixtures), one too uniform to be random (`a` 32 times, 40 spaces),
// and one setting's secret given again to another. Each would let anyone who read the source, or
// who learned the other secret, sign a webhook that approves an identity or credits a purchase, or
// a fee quote that makes Rora pay a quarter of every send's network fee (ADR 0080).
import type { Problem } from './production-config.ts';

/** The settings holding a shared secret, in the order their problems are named. */
export const SECRET_SETTINGS = [
  'IDENTITY_WEBHOOK_SECRET',
  'ONRAMP_WEBHOOK_SECRET',
  'SIGNER_SECRET',
  'FEE_QUOTE_SECRET',
] as const;

/**
 * Secrets printed in Rora's source or its history. The sandbox's own were written in the source
 * until ADR 0020 (they still are in git); the tests' sign the fixtures' webhooks.
 */
const PUBLISHED = new Set([
  'rora-sandbox-identity-webhook-secret-development-only',
  'rora-sandbox-onramp-webhook-secret-development-only',
  'test-identity-webhook-secret-0123456789abcdef',
  'test-onramp-webhook-secret-0123456789abcdef',
  'security-test-identity-webhook-secret-0123456789',
  'fee-quote-secret-of-these-tests-0123456789',
]);

/**
 * Fewer different characters than this is not a random secret: 32 random hex digits have fewer
 * than 8 different ones about once in 10^9 draws, base64 far less often.
 */
const MIN_DISTINCT_CHARACTERS = 8;

function weakness(secret: string): string | undefined {
  if (PUBLISHED.has(secret.trim())) return "is printed in Rora's source, so anyone can sign with it";
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS) {
    return `has fewer than ${MIN_DISTINCT_CHARACTERS} different characters: not a random secret`;
  }
  return undefined;
}

/** Every secret setting given a value production must not run with (never quoting the value). */
export function secretProblems(values: Readonly<Record<string, string | undefined>>): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const name of SECRET_SETTINGS) {
    const secret = values[name];
    if (secret === undefined) continue;
    const weak = weakness(secret);
    const first = seen.get(secret);
    if (weak) problems.push({ name, message: `${weak}; generate one (e.g. openssl rand -hex 32)` });
    else if (first) {
      problems.push({ name, message: `is the same as ${first}: whoever learns one can sign with both` });
    }
    seen.set(secret, seen.get(secret) ?? name);
  }
  return problems;
}
