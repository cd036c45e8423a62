import { expect } from '@playwright/test';
import { readMailDirectory, type CapturedMail } from '../server/test/smtp-capture.ts';
import { mailCapture } from './mail-capture.ts';

/**
 * Waits for a mail to `to` that the server sent through SMTP (and `where` accepts), and returns
 * it: subject, text, HTML and the auth link inside.
 */
export async function waitForMail(
  to: string,
  where: (mail: CapturedMail) => boolean = () => true,
): Promise<CapturedMail> {
  const { directory } = mailCapture;
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMailDirectory(directory);
        found = mails.findLast((mail) => mail.to.includes(to.toLowerCase()) && where(mail));
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as CapturedMail;
}

/** A fresh address for one test, so tests never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.cz`;
}
