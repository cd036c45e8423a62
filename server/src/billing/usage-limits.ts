import type { BillingStatus } from '@partak/domain/api/billing';
import { limitOf, usageMonth, type FreeLimits, type Tier } from '@partak/domain/entitlements';
import { countConversations } from '../api/data/conversations-repository.ts';
import type { Db } from '../db/client.ts';
import {
  modelRepliesUsed,
  releaseModelReply,
  reserveModelReply,
} from './model-usage-repository.ts';

/** A model reply taken from the allowance, given back if the library answered instead. */
export interface ModelReplyReservation {
  release(): Promise<void>;
}

const NOTHING_TO_RELEASE: ModelReplyReservation = { release: async () => undefined };

/** The free plan's caps, enforced (entitlements from `@partak/domain/entitlements`). */
export interface UsageLimits {
  /** One model reply of this month's allowance; false when the free plan's are used up. */
  reserveModelReply(userId: string): Promise<ModelReplyReservation | false>;
  /** How many saved conversations the account may keep; undefined: no cap. */
  savedConversationsLimit(userId: string): Promise<number | undefined>;
  usage(userId: string): Promise<BillingStatus['usage']>;
}

/** `tierOf` undefined: billing is off and nothing is limited. */
export function usageLimits(
  db: Db,
  free: FreeLimits,
  tierOf: ((userId: string) => Promise<Tier>) | undefined,
  now: () => Date,
): UsageLimits {
  const limitFor = async (userId: string, thing: keyof FreeLimits) =>
    tierOf ? limitOf(await tierOf(userId), thing, free) : undefined;

  return {
    async reserveModelReply(userId) {
      const limit = await limitFor(userId, 'modelReplies');
      if (limit === undefined) return NOTHING_TO_RELEASE;
      const month = usageMonth(now());
      if (!(await reserveModelReply(db, userId, month, limit))) return false;
      return { release: () => releaseModelReply(db, userId, month) };
    },

    savedConversationsLimit: (userId) => limitFor(userId, 'savedConversations'),

    async usage(userId) {
      const [modelLimit, savedLimit, modelUsed, saved] = await Promise.all([
        limitFor(userId, 'modelReplies'),
        limitFor(userId, 'savedConversations'),
        modelRepliesUsed(db, userId, usageMonth(now())),
        countConversations(db, userId),
      ]);
      return {
        modelReplies: { used: modelUsed, limit: modelLimit ?? null },
        savedConversations: { used: saved, limit: savedLimit ?? null },
      };
    },
  };
}
