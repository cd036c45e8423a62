import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Without SMTP_URL (a local install, a first try) mail is not sent but written to the server log:
 * subject, recipient and link (or code), so whoever runs the server can use it. Either is a
 * one-time credential — that is the point here, and the reason production sets SMTP_URL.
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
