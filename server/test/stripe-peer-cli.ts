// The Stripe peer as its own process, for the browser tests:
//   STRIPE_PEER_PORT=0 STRIPE_PEER_SECRET_KEY=sk_test_x STRIPE_PEER_WEBHOOK_SECRET=whsec_x \
//   STRIPE_PEER_WEBHOOK_URL=http://127.0.0.1:3000/api/billing/webhook node server/test/stripe-peer-cli.ts
// It prints `stripe peer listening on http://127.0.0.1:PORT` once it listens and ends on SIGTERM,
// SIGINT or when the process that started it goes away. STRIPE_PEER_PRICES (JSON, optional)
// replaces the one default price, `price_czk` (CZK 599.00 a month).
import { startStripePeer, type PeerPrice } from './stripe-peer.ts';

const DEFAULT_PRICES: PeerPrice[] = [
  { id: 'price_czk', currency: 'czk', unit_amount: 59900, interval: 'month' },
];

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required.`);
    process.exit(2);
  }
  return value;
}

const prices = process.env.STRIPE_PEER_PRICES
  ? (JSON.parse(process.env.STRIPE_PEER_PRICES) as PeerPrice[])
  : DEFAULT_PRICES;

const peer = await startStripePeer({
  port: Number(process.env.STRIPE_PEER_PORT ?? 0),
  secretKey: required('STRIPE_PEER_SECRET_KEY'),
  webhookSecret: required('STRIPE_PEER_WEBHOOK_SECRET'),
  webhookUrl: process.env.STRIPE_PEER_WEBHOOK_URL || undefined,
  prices,
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.race([peer.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  process.exit(0);
}

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The peer's server is unref'd; this keeps the process up and notices a parent that went away.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 500);

console.log(`stripe peer listening on ${peer.url}`);
