import type { Mailer, MailMessage } from './mailer.ts';

/** Keeps mail in memory for tests to read. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
