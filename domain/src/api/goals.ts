import { z } from 'zod/mini';
import { GOAL_MILESTONES_MAX, GoalSchema, GoalTitleSchema, type Goal } from '../goals.ts';
import { IsoTimestampSchema } from '../timestamps.ts';
import { RecordVersionSchema } from './record-version.ts';

/**
 * A goal as the server keeps it: the goal and its `version`, which every change raises by one.
 * A change that names an older version than the server's is refused (409 with this row), so two
 * devices never silently overwrite each other's title or step count.
 */
export const GoalRecordSchema = z.extend(GoalSchema, { version: RecordVersionSchema });
export type GoalRecord = z.infer<typeof GoalRecordSchema>;

const Milestones = z.int().check(z.minimum(1), z.maximum(GOAL_MILESTONES_MAX));

/**
 * `POST /api/v1/goals`: the client names the id (a UUID it made), so sending the same create
 * again answers the goal already made instead of making a second one. Steps already done and the
 * date it was made come along when a goal made offline or signed out is brought into the account.
 */
export const CreateGoalSchema = z
  .object({
    id: z.uuid(),
    title: GoalTitleSchema,
    milestones: z.optional(Milestones),
    completedMilestones: z.optional(z.int().check(z.minimum(0), z.maximum(GOAL_MILESTONES_MAX))),
    createdAt: z.optional(IsoTimestampSchema),
    /** Made again on purpose (an undo on the device that deleted it): the deletion is lifted. */
    restore: z.optional(z.boolean()),
  })
  .check(
    z.refine((goal) => (goal.completedMilestones ?? 0) <= (goal.milestones ?? 5), {
      message: 'more steps done than there are',
      path: ['completedMilestones'],
    }),
  );
export type CreateGoal = z.infer<typeof CreateGoalSchema>;

/**
 * `PATCH /api/v1/goals/{id}`. A new title or number of steps must say which version it was made
 * on. Steps done are sent as a change (`stepDelta`, e.g. +1), never a total, so steps made on
 * two devices add up; a delta needs no version and always merges (kept between 0 and the total).
 */
export const UpdateGoalSchema = z
  .object({
    version: z.optional(RecordVersionSchema),
    title: z.optional(GoalTitleSchema),
    milestones: z.optional(Milestones),
    stepDelta: z.optional(
      z.int().check(z.minimum(-GOAL_MILESTONES_MAX), z.maximum(GOAL_MILESTONES_MAX)),
    ),
  })
  .check(
    z.refine((change) => Object.keys(change).some((key) => key !== 'version'), {
      message: 'nothing to change',
    }),
    z.refine(
      (change) =>
        (change.title === undefined && change.milestones === undefined) ||
        change.version !== undefined,
      {
        message: 'a new title or number of steps needs the version it was made on',
        path: ['version'],
      },
    ),
  );
export type UpdateGoal = z.infer<typeof UpdateGoalSchema>;

export const GoalListSchema = z.object({ items: z.array(GoalRecordSchema) });

/** A goal record without its version, as the browser keeps a goal. */
export function goalOf({ version: _version, ...goal }: GoalRecord): Goal {
  return goal;
}
