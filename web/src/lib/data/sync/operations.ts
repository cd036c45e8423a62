import type { UserSettings } from '@partak/domain/api/account';
import type { ActivityEvent } from '@partak/domain/activity';
import { upsertConversation, type SavedConversation } from '@partak/domain/chat';
import { stepBy, type Goal } from '@partak/domain/goals';
import { upsertReview, type WeeklyReview } from '@partak/domain/api/reviews';

/**
 * A change waiting to reach the server, as the user made it: the queue (the outbox) keeps them in
 * order, and what a screen shows is the server's last answer with the queue applied on top. Steps
 * are increments, so two devices' steps add up; everything else names whole values.
 */
export type Operation =
  | { kind: 'goal.create'; goal: Goal }
  | { kind: 'goal.update'; id: string; title?: string; milestones?: number }
  | { kind: 'goal.step'; id: string; delta: number }
  | { kind: 'goal.delete'; id: string }
  | { kind: 'conversation.save'; conversation: SavedConversation }
  | { kind: 'conversation.delete'; id: string }
  | { kind: 'conversation.clear' }
  | { kind: 'activity.append'; events: ActivityEvent[] }
  | { kind: 'review.save'; review: WeeklyReview }
  | { kind: 'settings.update'; change: Partial<UserSettings> };

/** The goal or conversation an operation is about, for the "not yet synced" mark. */
export function subjectOf(operation: Operation): string | undefined {
  switch (operation.kind) {
    case 'goal.create':
      return operation.goal.id;
    case 'conversation.save':
      return operation.conversation.id;
    case 'goal.update':
    case 'goal.step':
    case 'goal.delete':
    case 'conversation.delete':
      return operation.id;
    default:
      return undefined;
  }
}

/** The operations that turn one list of goals into another (a screen's change, as a diff). */
export function goalChanges(before: readonly Goal[], after: readonly Goal[]): Operation[] {
  const operations: Operation[] = [];
  const previous = new Map(before.map((goal) => [goal.id, goal]));
  const next = new Set(after.map((goal) => goal.id));
  for (const goal of after) {
    const old = previous.get(goal.id);
    if (!old) {
      operations.push({ kind: 'goal.create', goal });
      continue;
    }
    if (old.title !== goal.title || old.milestones !== goal.milestones) {
      operations.push({
        kind: 'goal.update',
        id: goal.id,
        ...(old.title === goal.title ? {} : { title: goal.title }),
        ...(old.milestones === goal.milestones ? {} : { milestones: goal.milestones }),
      });
    }
    const delta = goal.completedMilestones - old.completedMilestones;
    if (delta !== 0) operations.push({ kind: 'goal.step', id: goal.id, delta });
  }
  for (const goal of before) {
    if (!next.has(goal.id)) operations.push({ kind: 'goal.delete', id: goal.id });
  }
  return operations;
}

/** The operations that turn one list of saved conversations into another. */
export function conversationChanges(
  before: readonly SavedConversation[],
  after: readonly SavedConversation[],
): Operation[] {
  if (after.length === 0 && before.length > 0) return [{ kind: 'conversation.clear' }];
  const previous = new Map(before.map((item) => [item.id, item]));
  const next = new Set(after.map((item) => item.id));
  const operations: Operation[] = after
    .filter((item) => previous.get(item.id) !== item)
    .map((conversation) => ({ kind: 'conversation.save', conversation }));
  for (const item of before) {
    if (!next.has(item.id)) operations.push({ kind: 'conversation.delete', id: item.id });
  }
  return operations;
}

/** The reviews made or replaced (a review is never deleted). */
export function reviewChanges(
  before: readonly WeeklyReview[],
  after: readonly WeeklyReview[],
): Operation[] {
  const previous = new Set(before);
  return after
    .filter((review) => !previous.has(review))
    .map((review) => ({ kind: 'review.save', review }));
}

/** The settings that changed. */
export function settingsChanges(before: UserSettings, after: UserSettings): Operation[] {
  const change = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof UserSettings] !== value),
  ) as Partial<UserSettings>;
  return Object.keys(change).length ? [{ kind: 'settings.update', change }] : [];
}

/** Goals as they will be once `operations` have reached the server. */
export function applyToGoals(goals: readonly Goal[], operations: readonly Operation[]): Goal[] {
  let list = [...goals];
  for (const operation of operations) {
    switch (operation.kind) {
      case 'goal.create':
        if (!list.some((goal) => goal.id === operation.goal.id)) list.push(operation.goal);
        break;
      case 'goal.update':
        list = list.map((goal) => {
          if (goal.id !== operation.id) return goal;
          const milestones = operation.milestones ?? goal.milestones;
          return stepBy({ ...goal, title: operation.title ?? goal.title, milestones }, 0);
        });
        break;
      case 'goal.step':
        list = list.map((goal) => (goal.id === operation.id ? stepBy(goal, operation.delta) : goal));
        break;
      case 'goal.delete':
        list = list.filter((goal) => goal.id !== operation.id);
        break;
      default:
        break;
    }
  }
  return list;
}

/** Saved conversations as they will be once `operations` have reached the server. */
export function applyToConversations(
  list: readonly SavedConversation[],
  operations: readonly Operation[],
): SavedConversation[] {
  let result = [...list];
  for (const operation of operations) {
    if (operation.kind === 'conversation.save') {
      result = upsertConversation(result, operation.conversation);
    } else if (operation.kind === 'conversation.delete') {
      result = result.filter((item) => item.id !== operation.id);
    } else if (operation.kind === 'conversation.clear') {
      result = [];
    }
  }
  return result;
}

/** Reviews as they will be once `operations` have reached the server (newest week first). */
export function applyToReviews(
  reviews: readonly WeeklyReview[],
  operations: readonly Operation[],
): WeeklyReview[] {
  return operations.reduce<WeeklyReview[]>(
    (list, operation) => (operation.kind === 'review.save' ? upsertReview(list, operation.review) : list),
    [...reviews],
  );
}

export function applyToSettings(
  settings: UserSettings,
  operations: readonly Operation[],
): UserSettings {
  return operations.reduce(
    (current, operation) =>
      operation.kind === 'settings.update' ? { ...current, ...operation.change } : current,
    settings,
  );
}
