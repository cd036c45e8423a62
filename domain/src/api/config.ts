import { z } from 'zod/mini';

/** `GET /api/v1/config`: what the browser needs to reach the auth API, decided at run time. */
export const ClientConfigSchema = z.object({
  /** Where the auth API lives, relative to the site. */
  authUrl: z.string(),
  /** The public API key sent as `apikey` (not a secret). */
  anonKey: z.string(),
  /** The server's VAPID public key, for subscribing this device to push reminders. */
  vapidPublicKey: z.string(),
});

export type ClientConfig = z.infer<typeof ClientConfigSchema>;
