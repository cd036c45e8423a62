import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/*
 * A Web Push service on loopback (https, with a certificate made for the test and trusted through
 * the agent it hands out), speaking the protocols a browser's push service speaks to an
 * application server: it checks the VAPID authorization of every push (RFC 8292: an ES256 JWT for
 * this origin, signed by the key named in `k`) and decrypts the payload with the subscription's
 * own keys (RFC 8291, aes128gcm of RFC 8188), written here from the RFCs so the test does not
 * trust the sending library to check itself.
 */

export interface ReceivedPush {
  /** Which subscription it was for. */
  id: string;
  /** The decrypted payload. */
  text: string;
  /** The VAPID public key the push was signed with (`k`). */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
}

interface Subscription {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
}

const b64 = (value: Buffer) => value.toString('base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Checks `Authorization: vapid t=…, k=…`; returns the claims and key, or throws why not. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', k = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not hold');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > Date.now() / 1000) || claims.exp > Date.now() / 1000 + 24 * 3600) {
    throw new Error('exp is not within the next 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey: k };
}

/** RFC 8291 + RFC 8188: the one record of an aes128gcm body, decrypted for the user agent. */
function decrypt(body: Buffer, subscription: Subscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushService() {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = createServer({ key: tls.private, cert: tls.cert }, (request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) return response.writeHead(404).end();
      if (subscription.gone) return response.writeHead(410).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('encoding');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl)) throw new Error('no TTL header');
        const { claims, vapidKey } = checkVapid(request.headers.authorization, origin);
        received.push({ id, text: decrypt(body, subscription), vapidKey, claims, ttl });
        response.writeHead(201, { location: `/message/${received.length}` }).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** An agent that trusts this service's certificate, for the sender. */
    agent: new Agent({ ca: tls.cert }),
    received,
    /** Why pushes were refused (a wrong signature, an undecryptable body): should stay empty. */
    refused,
    /** A new subscription at this service, as a browser would make it. */
    subscribe() {
      const id = b64(randomBytes(6));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription = { ecdh, auth: randomBytes(16), gone: false };
      subscriptions.set(id, subscription);
      return {
        id,
        /** What the browser hands the app (`PushSubscription.toJSON()`). */
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(subscription.auth) },
        },
      };
    },
    /** The browser unsubscribed: the service answers 410 Gone from now on. */
    expire(id: string) {
      const subscription = subscriptions.get(id);
      if (subscription) subscription.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
