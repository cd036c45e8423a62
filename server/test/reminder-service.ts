import { afterAll, beforeAll } from 'vitest';
import { smtpMailer } from '../src/mail/smtp-mailer.ts';
import type { ReminderContext } from '../src/reminders/send-reminder.ts';
import { unsubscribeSecret } from '../src/reminders/unsubscribe-links.ts';
import { vapidKeys, vapidSubject } from '../src/reminders/vapid-keys.ts';
import type { TestApp } from './helpers.ts';
import { startPushService, type PushService } from './push-service.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

/**
 * What sending reminders needs in a test: a push service and an SMTP capture on loopback, and the
 * app's reminder context pointed at them (the push service's certificate trusted, its host
 * allowed). Started before the file's tests, stopped after them.
 */
export function useReminderService(app: { t: TestApp }) {
  const fixture = {} as { push: PushService; smtp: SmtpCapture; context: ReminderContext };
  beforeAll(async () => {
    fixture.push = await startPushService();
    fixture.smtp = await startSmtpCapture();
    const { db } = app.t.database;
    const { config } = app.t;
    fixture.context = {
      db,
      mailer: smtpMailer(fixture.smtp.url, config.mailFrom),
      vapid: await vapidKeys(db),
      subject: vapidSubject(config.siteUrl, config.mailFrom),
      siteUrl: config.siteUrl,
      unsubscribeSecret: await unsubscribeSecret(db),
      pushServiceHosts: ['127.0.0.1'],
      pushAgent: fixture.push.agent,
      log: { warn: () => undefined },
    };
  });
  afterAll(async () => {
    await fixture.push.close();
    await fixture.smtp.close();
  });
  return fixture;
}
