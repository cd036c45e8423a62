import { readFileSync } from 'node:fs';
import { SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@partak/domain/languages';
import type { MailMessage } from './mailer.ts';

export type MailKind =
  | 'confirmation'
  | 'recovery'
  | 'magiclink'
  | 'email_change'
  | 'invite'
  | 'review_reminder'
  | 'deadline_reminder'
  | 'reauthentication';
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

const fill = (template: string, values: Record<string, string>, escape: (v: string) => string) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? escape(values[name] ?? '') : whole,
  );

/**
 * A mail in the recipient's language, with the link and any other `{{values}}` filled in
 * (HTML-escaped in the HTML part).
 */
export function renderMail(
  kind: MailKind,
  language: Language,
  to: string,
  link: string,
  values: Record<string, string> = {},
): MailMessage {
  const template = TEMPLATES[language][kind] ?? TEMPLATES[DEFAULT_LANGUAGE][kind];
  const all = { ...values, link };
  return {
    to,
    link,
    ...(values.code ? { code: values.code } : {}),
    // Values are the server's own texts (a deadline's name), never a user's: no header injection.
    subject: fill(template.subject, all, (value) => value),
    text: fill(template.text, all, (value) => value),
    html: fill(template.html, all, escapeHtml),
  };
}
