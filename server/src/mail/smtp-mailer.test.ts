import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { smtpMailer } from './smtp-mailer.ts';
import { renderMail } from './templates.ts';

describe('smtpMailer', () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  it('delivers both parts of a Czech mail, link intact, to a real SMTP server', async () => {
    const link = `https://partak.example/auth/v1/verify?token=${'a'.repeat(64)}&type=signup&redirect_to=https%3A%2F%2Fpartak.example%2F`;
    const mailer = smtpMailer(capture.url, 'Parťák <no-reply@partak.example>');
    await mailer.send(renderMail('confirmation', 'cs', 'Jana@Example.cz', link));
    mailer.close();

    const mail = await capture.waitFor('jana@example.cz');
    expect(mail.subject).toBe(renderMail('confirmation', 'cs', '', link).subject);
    expect(mail.link).toBe(link);
    expect(mail.text).toContain('Parťák');
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'));
  });
});
