import { z } from 'zod/mini';
import { DEFAULT_FREE_LIMITS } from '../entitlements.ts';

/** `GET /api/v1/config`: what the browser needs to reach the auth API, decided at run time. */
export const ClientConfigSchema = z.object({
  /** Where the auth API lives, relative to the site. */
  authUrl: z.string(),
  /** The public API key sent as `apikey` (not a secret). */
  anonKey: z.string(),
  /** The server's VAPID public key, for subscribing this device to push reminders. */
  vapidPublicKey: z.string(),
  /**
   * Whether this server sells the subscription (Stripe keys set). Off: the offer is shown as the
   * spec describes it, and nothing is limited.
   */
  billing: z._default(z.boolean(), false),
  /** Whether an AI model answers (MENTOR_API_URL set), so the plans can say what it gives. */
  modelMentor: z._default(z.boolean(), false),
  /** The free plan's limits on this server (FREE_MODEL_REPLIES, FREE_SAVED_CONVERSATIONS). */
  freeLimits: z._default(
    z.object({ modelReplies: z.int(), savedConversations: z.int() }),
    DEFAULT_FREE_LIMITS,
  ),
});

export type ClientConfig = z.infer<typeof ClientConfigSchema>;
