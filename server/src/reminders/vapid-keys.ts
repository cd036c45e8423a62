import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { settingOnce } from '../db/instance-settings-repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The installation's VAPID key pair (RFC 8292), made once and kept in the database so that every
 * instance signs pushes with the same key: browsers subscribed with its public key, and a push
 * signed with another would be refused. The private key never leaves the server.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await settingOnce(db, 'vapid_keys', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return JSON.parse(stored) as VapidKeys;
}

/**
 * Who sends the pushes, for push services to contact: the site when it is served over https,
 * else the sender address of the mails.
 */
export function vapidSubject(siteUrl: string, mailFrom: string): string {
  if (siteUrl.startsWith('https://')) return siteUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
