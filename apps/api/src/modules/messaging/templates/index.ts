// Writes an e-mail or SMS in one of the four languages (spec §1). Modules name what to send (a kind
// and its params); the messaging service picks the reader's language and calls these.
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@rora/contracts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { laEs } from './la-es.ts';
import { ptBr } from './pt-br.ts';
import type { EmailTemplate, MessageTexts, RenderedEmail, SmsTemplate } from './template-types.ts';

export type * from './template-types.ts';

export const MESSAGE_TEXTS: Readonly<Record<LanguageCode, MessageTexts>> = { en, fr, la_es: laEs, pt_br: ptBr };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.value === value);
}

/** A stored or requested language, or the default when it is not one of the four. */
export function languageOrDefault(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

export function renderEmail(template: EmailTemplate, language: LanguageCode): RenderedEmail {
  const write = MESSAGE_TEXTS[language].email[template.kind] as (params: EmailTemplate['params']) => RenderedEmail;
  return write(template.params);
}

export function renderSms(template: SmsTemplate, language: LanguageCode): string {
  const write = MESSAGE_TEXTS[language].sms[template.kind] as (params: SmsTemplate['params']) => string;
  return write(template.params);
}
