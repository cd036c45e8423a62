import { ACTIVITY_BATCH_MAX } from '@partak/domain/api/account';
import { SEED_GOALS, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { ApiError, apiFetch } from '../../api-client.ts';
import { handDeviceReminderToAccount } from '../../offline/device-reminder.ts';
import { readString, removeKey, writeJson } from '../../storage.ts';
import { localActivity } from '../local-activity.ts';
import { localConversations } from '../local-conversations.ts';
import { localGoals } from '../local-goals.ts';
import { localReviews } from '../local-reviews.ts';
import { localSettings } from '../local-settings.ts';
import type { SyncEngine } from './sync-engine.ts';

const isUntouchedSeed = (goal: Goal) =>
  SEED_GOALS.some(
    (seed) =>
      seed.id === goal.id &&
      seed.title === goal.title &&
      seed.milestones === goal.milestones &&
      seed.completedMilestones === goal.completedMilestones,
  );

/** Sends a create; true when it made something new (201), false when it was there already. */
async function created(path: string, body: unknown, signal: AbortSignal): Promise<boolean> {
  try {
    return (await apiFetch(path, { method: 'POST', body, signal })).status === 201;
  } catch (error) {
    // Deleted in the account on another device: it stays deleted.
    if (error instanceof ApiError && error.status === 410) return false;
    throw error;
  }
}

/**
 * Brings what this browser holds (made while signed out) into the signed-in account: goals,
 * saved conversations, activity, weekly reviews, the language choice and the device's reminder. Ids were made in the browser, so what
 * the account already has (this browser signing in again, another browser that merged the same
 * items) is answered as existing and never duplicated. Once the account has it all, the browser's
 * own copy is cleared: from now on it lives in the account. A failure part-way (offline) leaves
 * the browser's copy in place for the next try, as does signing out part-way (which ends the
 * requests). Returns how many new items the account gained.
 */
export async function mergeIntoAccount(
  engine: SyncEngine,
): Promise<{ goals: number; conversations: number }> {
  const added = { goals: 0, conversations: 0 };
  const signal = engine.signedOut;
  // The seed goals of a first visit are not the user's, unless they worked on them.
  const stored = readString(storageKeys.goals) === null ? [] : await localGoals.read();
  const goals = stored.filter((goal) => !isUntouchedSeed(goal));
  for (const goal of goals) {
    const { id, title, milestones, completedMilestones, createdAt } = goal;
    const body = { id, title, milestones, completedMilestones, createdAt };
    if (await created('/goals', body, signal)) added.goals += 1;
  }
  for (const conversation of await localConversations.read()) {
    const { id, title, messages, createdAt } = conversation;
    if (await created('/conversations', { id, title, messages, createdAt }, signal)) {
      added.conversations += 1;
    }
  }
  const events = await localActivity.read();
  for (let start = 0; start < events.length; start += ACTIVITY_BATCH_MAX) {
    const batch = events.slice(start, start + ACTIVITY_BATCH_MAX);
    await apiFetch('/activity', { method: 'POST', body: { events: batch }, signal });
  }
  const { snapshot } = await engine.refresh();
  // A week the account has reviewed already (on another device) keeps that review.
  const reviewed = new Set((snapshot.reviews ?? []).map((review) => review.week));
  for (const { week, ...review } of await localReviews.read()) {
    if (!reviewed.has(week)) {
      await apiFetch(`/reviews/${week}`, { method: 'PUT', body: review, signal });
    }
  }
  const { language } = await localSettings.read();
  if (language && snapshot.settings.language === null) {
    await engine.enqueue([{ kind: 'settings.update', change: { language } }]);
  }
  await handDeviceReminderToAccount(signal);
  if (stored.length) writeJson(storageKeys.goals, []);
  removeKey(storageKeys.savedConversations);
  removeKey(storageKeys.activity);
  removeKey(storageKeys.reviews);
  await engine.refresh();
  return added;
}
