import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Sends mail through the SMTP server at SMTP_URL (credentials, if any, live in the URL). One pooled
 * transport per server, so a burst of sign-ups reuses connections instead of opening one each.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = createTransport({ url, pool: true, maxConnections: 3 });
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
    close() {
      transport.close();
    },
  };
}
