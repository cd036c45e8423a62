import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Without SMTP_URL (a local install, a first try) mail is not sent but written to the server log:
 * subject, recipient, link and code, so whoever runs the server can open the link or type the
 * code. Both are one-time credentials — that is the point here, and the reason production sets
 * SMTP_URL.
 */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject, link, code }) {
      log.info(
        { mail: { to, subject, link, ...(code ? { code } : {}) } },
        'mail not sent (no SMTP_URL): written to the log',
      );
    },
  };
}
