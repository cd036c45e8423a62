import { readFileSync } from 'node:fs';
import { SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@partak/domain/languages';
import type { MailMessage } from './mailer.ts';

export type MailKind = 'confirmation' | 'recovery';
type Template = Record<'subject' | 'text' | 'html', string>;

const TEMPLATES: Record<Language, Record<MailKind, Template>> = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../../../content/emails/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<MailKind, Template>,
  ]),
) as Record<Language, Record<MailKind, Template>>;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A mail in the recipient's language, with the link filled in (HTML-escaped in the HTML part). */
export function renderMail(
  kind: MailKind,
  language: Language,
  to: string,
  link: string,
): MailMessage {
  const template = TEMPLATES[language][kind] ?? TEMPLATES[DEFAULT_LANGUAGE][kind];
  return {
    to,
    link,
    subject: template.subject,
    text: template.text.replaceAll('{{link}}', link),
    html: template.html.replaceAll('{{link}}', escapeHtml(link)),
  };
}
