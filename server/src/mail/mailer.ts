/** One email, ready to send: both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time link inside, for the log mailer and tests ('' in a mail that has none). */
  link: string;
  /** The one-time code inside (beside the link, or a reauthentication nonce alone), for the log mailer and tests. */
  code?: string;
}

/** Where mail goes: SMTP in production, the log without SMTP_URL, memory in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
