import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { e2ePort } from './mail-capture.ts';

/**
 * The SMS gateway of the browser tests: the server POSTs each text message as `{phone, message}`
 * to SMS_WEBHOOK_URL (server/src/sms/sms-sender.ts); this writes it to a folder, for the tests to
 * read with `waitForSms` (started in global-setup.ts, like the SMTP capture).
 */
export const smsCapture = {
  port: e2ePort + 3,
  directory: join(tmpdir(), `partak-e2e-sms-${e2ePort}`),
  url: `http://127.0.0.1:${e2ePort + 3}/sms`,
};

export interface CapturedSms {
  phone: string;
  message: string;
  /** The six-digit code in the message, if any. */
  code: string | undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the capture on `smsCapture.port`, with an empty folder. */
export async function startSmsCapture(): Promise<{ close: () => Promise<void> }> {
  const { port, directory } = smsCapture;
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  let received = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    readBody(request)
      .then(async (body) => {
        const { phone, message } = JSON.parse(body) as { phone: string; message: string };
        received += 1;
        // Names sort in the order the messages arrived.
        const name = `${String(Date.now()).padStart(15, '0')}-${String(received).padStart(6, '0')}`;
        // Written under another name and renamed: a reader never sees half a file.
        const file = join(directory, `${name}.json`);
        await writeFile(`${file}.part`, JSON.stringify({ phone, message }));
        await rename(`${file}.part`, file);
        response.writeHead(204).end();
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const digits = (phone: string) => phone.replace(/\D/g, '');

async function readMessages(): Promise<CapturedSms[]> {
  const names = (await readdir(smsCapture.directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const messages: CapturedSms[] = [];
  for (const name of names) {
    const { phone, message } = JSON.parse(
      await readFile(join(smsCapture.directory, name), 'utf8'),
    ) as { phone: string; message: string };
    messages.push({ phone, message, code: /\b(\d{6})\b/.exec(message)?.[1] });
  }
  return messages;
}

/** Waits for the `nth` text message (1 = the first) sent to `phone`, written with or without spaces. */
export async function waitForSms(phone: string, nth = 1): Promise<CapturedSms> {
  let found: CapturedSms | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await readMessages()).filter((sms) => digits(sms.phone) === digits(phone));
        found = mine[nth - 1];
        return found !== undefined;
      },
      { message: `text message ${nth} to ${phone}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as CapturedSms;
}

/** A phone number for one test, so tests never share a factor. */
export function uniquePhone(): string {
  const number = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `+420 7${number.slice(0, 2)} ${number.slice(2, 5)} ${number.slice(5)}`;
}
