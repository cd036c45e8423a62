import { createServer } from 'node:http';
import type Stripe from 'stripe';

/** What a webhook endpoint got: the event when the SDK verified it, else the SDK's error. */
export interface Received {
  raw: string;
  signature: string;
  contentType: string | undefined;
  event?: Stripe.Event;
  error?: Error;
}

/**
 * A webhook endpoint on a loopback port that checks every delivery as our server will: the SDK's
 * `webhooks.constructEvent` on the raw body with a 300-second tolerance (400 when it throws).
 */
export async function startReceiver(stripe: Stripe, secret: string) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      const entry: Received = { raw, signature, contentType: request.headers['content-type'] };
      try {
        entry.event = stripe.webhooks.constructEvent(raw, signature, secret, 300);
      } catch (error) {
        entry.error = error as Error;
      }
      received.push(entry);
      response.writeHead(entry.error ? 400 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    /** The verified events' types, in arrival order. */
    types: () => received.map((entry) => entry.event?.type ?? `error: ${entry.error?.message}`),
    clear: () => received.splice(0),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
