import { describe, expect, it } from 'vitest';
import type { SavedConversation } from '@partak/domain/chat';
import { upsertReview, type WeeklyReview } from '@partak/domain/api/reviews';
import { createGoal, stepUp, type Goal } from '@partak/domain/goals';
import { subjectOf } from './operations.ts';
import { applyToConversations, conversationChanges } from './resources/conversations.ts';
import { applyToGoals, goalChanges } from './resources/goals.ts';
import { applyToReviews, reviewChanges } from './resources/reviews.ts';
import { applyToSettings, settingsChanges } from './resources/settings.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const goal = (title: string, milestones = 5): Goal => createGoal(title, NOW, { milestones });
const conversation = (id: string, content: string): SavedConversation => ({
  id,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  messages: [{ role: 'user', content, timestamp: NOW.toISOString() }],
});

describe('goal changes as operations', () => {
  it('turns a screen’s change into creates, renames, step increments and deletes', () => {
    const kept = goal('Web');
    const gone = goal('Leták');
    const added = goal('Klienti');
    const after = [{ ...stepUp(stepUp(kept)), title: 'Nový web' }, added];
    expect(goalChanges([kept, gone], after)).toEqual([
      { kind: 'goal.update', id: kept.id, title: 'Nový web' },
      { kind: 'goal.step', id: kept.id, delta: 2 },
      { kind: 'goal.create', goal: added },
      { kind: 'goal.delete', id: gone.id },
    ]);
  });

  it('applies queued operations on top of the server’s goals, steps adding up', () => {
    const server = goal('Web', 5);
    const operations = goalChanges([server], [stepUp(server)]);
    const view = applyToGoals([{ ...server, completedMilestones: 1, progress: 20 }], operations);
    expect(view[0]?.completedMilestones).toBe(2);
    expect(applyToGoals([server], [{ kind: 'goal.step', id: server.id, delta: 9 }])[0]).toMatchObject({
      completedMilestones: 5,
      progress: 100,
    });
    expect(applyToGoals([server], [{ kind: 'goal.delete', id: server.id }])).toEqual([]);
  });

  it('names what each operation is about, for the “not yet synced” mark', () => {
    const created = goal('Web');
    expect(goalChanges([], [created]).map(subjectOf)).toEqual([created.id]);
    expect(subjectOf({ kind: 'conversation.clear' })).toBeUndefined();
  });
});

describe('conversation and settings changes as operations', () => {
  it('saves what changed, deletes what went, and clears all at once', () => {
    const a = conversation('00000000-0000-4000-8000-000000000001', 'Ceník?');
    const b = conversation('00000000-0000-4000-8000-000000000002', 'Marketing?');
    const longer = { ...a, messages: [...a.messages, ...a.messages] };
    expect(conversationChanges([a, b], [longer, b])).toEqual([
      { kind: 'conversation.save', conversation: longer },
    ]);
    expect(conversationChanges([a, b], [b])).toEqual([{ kind: 'conversation.delete', id: a.id }]);
    expect(conversationChanges([a, b], [])).toEqual([{ kind: 'conversation.clear' }]);
    expect(applyToConversations([a, b], [{ kind: 'conversation.clear' }])).toEqual([]);
  });

  it('sends only the settings that changed', () => {
    const before = { language: null, notifications: true, mentorSeesGoals: false, mentorSeesProfile: false };
    const after = { ...before, language: 'de' as const };
    const operations = settingsChanges(before, after);
    expect(operations).toEqual([{ kind: 'settings.update', change: { language: 'de' } }]);
    expect(applyToSettings(before, operations)).toEqual(after);
    expect(settingsChanges(before, { ...before })).toEqual([]);
  });
});

describe('weekly reviews', () => {
  const review = (week: string, focus: string): WeeklyReview => ({
    week,
    wentWell: '',
    inTheWay: '',
    focus,
    figures: { stepsDone: 0, goalsFinished: 0, conversations: 0 },
    reviewedAt: NOW.toISOString(),
  });

  it('sends only the review made or replaced, and shows one review per week, newest first', () => {
    const before = [review('2026-11-09', 'Web')];
    const after = upsertReview(upsertReview(before, review('2026-11-16', 'Ceník')), review('2026-11-16', 'Faktury'));
    const operations = reviewChanges(before, after);
    expect(operations).toEqual([{ kind: 'review.save', review: review('2026-11-16', 'Faktury') }]);
    const shown = applyToReviews(before, [
      { kind: 'review.save', review: review('2026-11-16', 'Ceník') },
      ...operations,
    ]);
    expect(shown.map((item) => [item.week, item.focus])).toEqual([
      ['2026-11-16', 'Faktury'],
      ['2026-11-09', 'Web'],
    ]);
  });
});
