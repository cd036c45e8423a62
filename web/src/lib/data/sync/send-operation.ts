import { z } from 'zod/mini';
import {
  ActivitySummarySchema,
  DEFAULT_USER_SETTINGS,
  UserSettingsSchema,
  type ActivitySummary,
  type UserSettings,
} from '@partak/domain/api/account';
import {
  ConversationListSchema,
  ConversationRecordSchema,
  type ConversationRecord,
} from '@partak/domain/api/conversations';
import { GoalListSchema, GoalRecordSchema, type GoalRecord } from '@partak/domain/api/goals';
import {
  ReviewListSchema,
  upsertReview,
  WeeklyReviewSchema,
  type WeeklyReview,
} from '@partak/domain/api/reviews';
import { ApiError, apiFetch, apiJson } from '../../api-client.ts';
import { browserTimeZone } from '../../time-zone.ts';
import type { Operation } from './operations.ts';

/** The server's last answer about everything of the user's that the app shows. */
export interface Snapshot {
  goals: GoalRecord[];
  conversations: ConversationRecord[];
  settings: UserSettings;
  /** Weekly reviews, newest week first (absent from snapshots kept before issue 15). */
  reviews?: WeeklyReview[];
  /** The statistics screen's figures, as the server computed them. */
  activity?: ActivitySummary;
}

export const EMPTY_SNAPSHOT: Snapshot = {
  goals: [],
  conversations: [],
  settings: DEFAULT_USER_SETTINGS,
  reviews: [],
};

const AddedSchema = z.object({ added: z.number() });

/**
 * Everything of the user's, fresh from the server (every page of the saved conversations).
 * `signal` ends every request of it (signing out).
 */
export async function fetchSnapshot(signal: AbortSignal): Promise<Snapshot> {
  const timeZone = browserTimeZone();
  const [goals, settings, reviews, activity] = await Promise.all([
    apiJson('/goals', GoalListSchema, { signal }),
    apiJson('/settings', UserSettingsSchema, { signal }),
    apiJson('/reviews', ReviewListSchema, { signal }),
    apiJson(`/activity?timeZone=${encodeURIComponent(timeZone)}`, ActivitySummarySchema, {
      signal,
    }),
  ]);
  const conversations: ConversationRecord[] = [];
  let next: string | undefined = '';
  while (next !== undefined) {
    const cursor: string = next ? `&before=${encodeURIComponent(next)}` : '';
    const page = await apiJson(`/conversations?limit=100${cursor}`, ConversationListSchema, {
      signal,
    });
    conversations.push(...page.items);
    next = page.next;
  }
  return { goals: goals.items, conversations, settings, reviews: reviews.items, activity };
}

const replace = <T extends { id: string }>(list: readonly T[], row: T) =>
  list.some((item) => item.id === row.id)
    ? list.map((item) => (item.id === row.id ? row : item))
    : [...list, row];

const versionOf = (list: readonly { id: string; version: number }[], id: string) =>
  list.find((item) => item.id === id)?.version;

/** What a failed versioned change learned: the row as the server has it now. */
export function currentOf<S extends z.ZodMiniType>(error: unknown, schema: S) {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = schema.safeParse(error.body.current);
  return parsed.success ? (parsed.data as z.output<S>) : undefined;
}

async function saveConversation(
  snapshot: Snapshot,
  conversation: ConversationRecord | Omit<ConversationRecord, 'version'>,
  signal: AbortSignal,
): Promise<ConversationRecord> {
  const version = versionOf(snapshot.conversations, conversation.id);
  const { id, title, messages, createdAt } = conversation;
  if (version === undefined) {
    // `restore`: a save queued on this device is the user's own doing (an undo of a delete made
    // here). The queue sends in order, so it can never overtake the delete it undoes.
    return apiJson('/conversations', ConversationRecordSchema, {
      method: 'POST',
      body: { id, title, messages, createdAt, restore: true },
      signal,
    });
  }
  const patch = (at: number) =>
    apiJson(`/conversations/${id}`, ConversationRecordSchema, {
      method: 'PATCH',
      body: { version: at, title: title ?? null, messages },
      signal,
    });
  try {
    return await patch(version);
  } catch (error) {
    // Saving is a whole copy the user asked for just now: the latest save wins over one made on
    // another device in between (which the other device still holds).
    const current = currentOf(error, ConversationRecordSchema);
    if (!current) throw error;
    return patch(current.version);
  }
}

/**
 * Sends one operation and returns the snapshot as it is after it. Versioned changes name the
 * version of the snapshot, which earlier operations of the queue have already brought up to date.
 * Throws the ApiError of a refusal (the queue decides what that means); `signal` ends the request.
 */
export async function sendOperation(
  operation: Operation,
  snapshot: Snapshot,
  signal: AbortSignal,
): Promise<Snapshot> {
  switch (operation.kind) {
    case 'goal.create': {
      const { id, title, milestones, completedMilestones, createdAt } = operation.goal;
      const body = { id, title, milestones, completedMilestones, createdAt, restore: true };
      const row = await apiJson('/goals', GoalRecordSchema, { method: 'POST', body, signal });
      return { ...snapshot, goals: replace(snapshot.goals, row) };
    }
    case 'goal.update':
    case 'goal.step': {
      const body =
        operation.kind === 'goal.step'
          ? { stepDelta: operation.delta }
          : {
              version: versionOf(snapshot.goals, operation.id) ?? 1,
              title: operation.title,
              milestones: operation.milestones,
            };
      const row = await apiJson(`/goals/${operation.id}`, GoalRecordSchema, {
        method: 'PATCH',
        body,
        signal,
      });
      return { ...snapshot, goals: replace(snapshot.goals, row) };
    }
    case 'goal.delete':
      await apiFetch(`/goals/${operation.id}`, { method: 'DELETE', signal });
      return { ...snapshot, goals: snapshot.goals.filter((goal) => goal.id !== operation.id) };
    case 'conversation.save': {
      const row = await saveConversation(snapshot, operation.conversation, signal);
      return { ...snapshot, conversations: replace(snapshot.conversations, row) };
    }
    case 'conversation.delete':
      await apiFetch(`/conversations/${operation.id}`, { method: 'DELETE', signal });
      return {
        ...snapshot,
        conversations: snapshot.conversations.filter((item) => item.id !== operation.id),
      };
    case 'conversation.clear':
      await apiFetch('/conversations', { method: 'DELETE', signal });
      return { ...snapshot, conversations: [] };
    case 'activity.append':
      await apiJson('/activity', AddedSchema, {
        method: 'POST',
        body: { events: operation.events },
        signal,
      });
      return snapshot;
    case 'review.save': {
      const { week, ...review } = operation.review;
      const saved = await apiJson(`/reviews/${week}`, WeeklyReviewSchema, {
        method: 'PUT',
        body: review,
        signal,
      });
      return { ...snapshot, reviews: upsertReview(snapshot.reviews ?? [], saved) };
    }
    case 'settings.update': {
      const settings = await apiJson('/settings', UserSettingsSchema, {
        method: 'PATCH',
        body: operation.change,
        signal,
      });
      return { ...snapshot, settings };
    }
  }
}
