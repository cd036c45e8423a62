import { createServer, type IncomingMessage } from 'node:http';

/** A text as the gateway received it. */
export interface ReceivedSms {
  phone: string;
  message: string;
}

export interface SmsPeer {
  /** What to set SMS_WEBHOOK_URL to. */
  url: string;
  received: ReceivedSms[];
  /** Resolves with the text to `phone` after the first `skip` ones, once it has arrived. */
  waitFor(phone: string, skip?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

/**
 * An SMS gateway on a loopback port speaking the webhook's protocol (POST of `{phone, message}` as
 * JSON, any 2xx meaning sent): the server sends texts to it exactly as it does in production.
 */
export async function startSmsPeer(): Promise<SmsPeer> {
  const received: ReceivedSms[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedSms);
      response.writeHead(200).end();
      for (const wake of waiting) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    waitFor(phone, skip = 0) {
      return new Promise((resolve) => {
        const check = () => {
          const found = received.filter((sms) => sms.phone === phone)[skip];
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
}
