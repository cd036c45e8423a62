import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Without SMTP_URL (a local install, a first try) mail is not sent but written to the server log:
 * subject, recipient and link, so whoever runs the server can open the link. The link is a
 * one-time credential — that is the point here, and the reason production sets SMTP_URL.
 */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject, link }) {
      log.info({ mail: { to, subject, link } }, 'mail not sent (no SMTP_URL): written to the log');
    },
  };
}
