// Small pieces the accounts routes share: where a contract call is served, and who is calling.
import type { FastifyRequest } from 'fastify';
import type { AccountCall, LanguageCode } from '@rora/contracts';
import type { ClientContext } from './sign-in.service.ts';

/** Turns a contract call (`PUT /user/{id}`) into a Fastify route address (`PUT /user/:id`). */
export const routeAddress = (call: AccountCall) => ({
  method: call.method,
  url: call.path.replace(/\{(\w+)\}/g, ':$1'),
});

// The product's language for a tag's base language (es-419 and es-MX read Latin American Spanish),
// and the product's own codes as other clients may send them.
const BASES: Record<string, LanguageCode> = { en: 'en', fr: 'fr', es: 'la_es', pt: 'pt_br' };
const CODES: Record<string, LanguageCode> = { la_es: 'la_es', pt_br: 'pt_br' };

/**
 * The product language an Accept-Language header asks for (the web app sends the language the
 * customer chose: `fr`, `es-419`, `pt-BR`), best first by weight; undefined when none is ours.
 */
export function requestLanguage(header: string | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const weight = options.map((option) => /^\s*q=([\d.]+)\s*$/.exec(option)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = CODES[tag] ?? BASES[tag.split('-')[0] ?? ''];
    if (language) return language;
  }
  return undefined;
}

/** The client address (TRUST_PROXY-aware), user agent and page language of a request. */
export const clientContext = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  language: requestLanguage(request.headers['accept-language']),
});
