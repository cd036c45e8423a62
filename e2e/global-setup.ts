import { rm } from 'node:fs/promises';
import { startSmtpCapture } from '../server/test/smtp-capture.ts';
import { mailCapture } from './mail-capture.ts';

/**
 * A real SMTP server for the browser tests: the app's server sends its mail there through
 * nodemailer, and the tests read each mail from the folder it is written to (mailbox.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { port: smtpPort, directory } = mailCapture;
  await rm(directory, { recursive: true, force: true });
  const capture = await startSmtpCapture({ port: smtpPort, directory });
  return async () => {
    await capture.close();
    await rm(directory, { recursive: true, force: true });
  };
}
