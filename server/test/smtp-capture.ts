import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP capture received it, decoded. */
export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The first auth link in the plain-text part (`…/auth/v1/verify?…`), if any. */
  link: string | undefined;
  /** The 6-digit code in the plain-text part (standing on its own, after its label), if any. */
  code: string | undefined;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** While true, every mail is refused as a full or broken server refuses it (SMTP 451). */
  refusing: boolean;
  /** Resolves with the first mail to `to` (matching `where`) that has arrived or arrives. */
  waitFor(to: string, where?: (mail: CapturedMail) => boolean): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives: the tests send mail through
 * nodemailer exactly as production does and read it here. With `directory`, every mail is also
 * written there as JSON, for readers in other processes (the browser tests).
 */
export async function startSmtpCapture(
  options: { port?: number; directory?: string } = {},
): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiting = new Set<() => void>();
  if (options.directory) await mkdir(options.directory, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (capture.refusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Local error in processing'), { responseCode: 451 })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = { to, ...parseMessage(Buffer.concat(chunks).toString('latin1')) };
        mails.push(mail);
        const saved = options.directory
          ? writeWhole(join(options.directory, `${Date.now()}-${mails.length}.json`), mail)
          : Promise.resolve();
        saved.then(
          () => {
            for (const wake of waiting) wake();
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const capture: SmtpCapture = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusing: false,
    waitFor(to, where = () => true) {
      const find = () => mails.find((mail) => mail.to.includes(to.toLowerCase()) && where(mail));
      return new Promise((resolve) => {
        const check = () => {
          const found = find();
          if (!found) return;
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return capture;
}

/** Written under another name and renamed: a reader in another process never sees half a file. */
async function writeWhole(file: string, value: unknown): Promise<void> {
  await writeFile(`${file}.part`, JSON.stringify(value));
  await rename(`${file}.part`, file);
}

/** Mails written by a capture started with `directory`, oldest first. */
export async function readMailDirectory(directory: string): Promise<CapturedMail[]> {
  const names = (await readdir(directory).catch(() => []))
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  return Promise.all(
    names.map(
      async (name) => JSON.parse(await readFile(join(directory, name), 'utf8')) as CapturedMail,
    ),
  );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Just enough MIME for nodemailer's output: multipart, quoted-printable, base64, encoded words. */
function parseMessage(raw: string): Omit<CapturedMail, 'to'> {
  const root = splitPart(raw);
  const leaves = flatten(root);
  const pick = (type: string) =>
    leaves.find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith(type));
  const text = decodeBody(pick('text/plain'));
  return {
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text,
    html: decodeBody(pick('text/html')),
    link: /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0],
    code: /:\s(\d{6})\s/.exec(text)?.[1],
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function flatten(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => flatten(splitPart(chunk.replace(/^\r\n/, ''))));
}

function decodeBody(part: Part | undefined): string {
  if (!part) return '';
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
