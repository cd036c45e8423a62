import { SuggestedGoalSchema, type SuggestedGoal } from '@partak/domain/mentor-events';

/**
 * How the chat hands the goals screen a goal the mentor suggested, as navigation state on
 * /goals: the add form opens with it filled in, for the user to confirm or change.
 */
export function offerGoal(goal: SuggestedGoal): { offeredGoal: SuggestedGoal } {
  return { offeredGoal: goal };
}

/** The offered goal in a navigation state, if it carries a usable one. */
export function readGoalOffer(state: unknown): SuggestedGoal | undefined {
  const offered = (state as { offeredGoal?: unknown } | null)?.offeredGoal;
  const parsed = SuggestedGoalSchema.safeParse(offered);
  return parsed.success ? parsed.data : undefined;
}
