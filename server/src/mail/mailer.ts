/** One email, ready to send: both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time link inside, for the log mailer and tests. */
  link: string;
  /** The 6-digit code beside the link, if the mail has one (for the log mailer). */
  code?: string;
}

/** Where mail goes: SMTP in production, the log without SMTP_URL, memory in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
