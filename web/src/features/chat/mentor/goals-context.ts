import { CHAT_MAX_GOALS } from '@partak/domain/api/chat';
import { hasBusinessDetails } from '@partak/domain/business-profile';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { goalsStore } from '@/lib/data/goals.ts';
import { settingsStore } from '@/lib/data/settings.ts';
import type { MentorContext } from './server-mentor.ts';

/**
 * What the mentor is told about the user with a question:
 * - their goals only when they allowed it in the settings ("Let Parťák see my goals", off by
 *   default); otherwise nothing about them leaves the browser;
 * - their business profile whenever it says something: the library mentor fills its answers from it
 *   on our server, and `profileForModel` (the switch "Parťák smí znát můj profil") says whether an
 *   AI model may see it too — the server enforces that, so it is sent as the user set it.
 */
export const goalsContext: MentorContext = async () => {
  const { mentorSeesGoals, mentorSeesProfile } = await settingsStore.read();
  const profile = await businessProfileStore.read();
  const profileContext = hasBusinessDetails(profile)
    ? { profile, profileForModel: mentorSeesProfile }
    : {};
  if (!mentorSeesGoals) return profileContext;
  const goals = await goalsStore.read();
  return {
    goals: goals.slice(0, CHAT_MAX_GOALS).map((goal) => ({
      title: goal.title,
      steps: goal.milestones,
      done: goal.completedMilestones,
    })),
    ...profileContext,
  };
};
