import { CHAT_MAX_GOALS } from '@partak/domain/api/chat';
import { goalsStore } from '@/lib/data/goals.ts';
import { settingsStore } from '@/lib/data/settings.ts';
import type { MentorContext } from './server-mentor.ts';

/**
 * The user's goals for the mentor — only when they allowed it in the settings ("Let Parťák see my
 * goals", off by default); otherwise nothing about them leaves the browser with a question.
 */
export const goalsContext: MentorContext = async () => {
  const { mentorSeesGoals } = await settingsStore.read();
  if (!mentorSeesGoals) return {};
  const goals = await goalsStore.read();
  return {
    goals: goals.slice(0, CHAT_MAX_GOALS).map((goal) => ({
      title: goal.title,
      steps: goal.milestones,
      done: goal.completedMilestones,
    })),
  };
};
