import {
  ReviewListSchema,
  upsertReview,
  WeeklyReviewSchema,
  type WeeklyReview,
} from '@partak/domain/api/reviews';
import { storageKeys } from '@partak/domain/product';
import { apiFetch, apiJson } from '../../../api-client.ts';
import { readString, removeKey } from '../../../storage.ts';
import { localReviews } from '../../local-reviews.ts';
import { defineResource } from '../resource.ts';

/** A week's review, made or replaced (a review is never deleted). */
export interface ReviewOperation {
  kind: 'review.save';
  review: WeeklyReview;
}

/** The reviews made or replaced (a review is never deleted). */
export function reviewChanges(
  before: readonly WeeklyReview[],
  after: readonly WeeklyReview[],
): ReviewOperation[] {
  const previous = new Set(before);
  return after
    .filter((review) => !previous.has(review))
    .map((review) => ({ kind: 'review.save', review }));
}

/** Reviews as they will be once `operations` have reached the server (newest week first). */
export function applyToReviews(
  reviews: readonly WeeklyReview[],
  operations: readonly ReviewOperation[],
): WeeklyReview[] {
  return operations.reduce<WeeklyReview[]>(
    (list, operation) => upsertReview(list, operation.review),
    [...reviews],
  );
}

/** Weekly reviews, newest week first (snapshots older than the weekly review have none). */
export const reviews = defineResource<WeeklyReview[], WeeklyReview[], ReviewOperation>({
  kinds: { 'review.save': true },
  empty: () => [],
  fetch: async (signal) => (await apiJson('/reviews', ReviewListSchema, { signal })).items,
  apply: applyToReviews,
  diff: reviewChanges,
  async send(operation, list, signal) {
    const { week, ...review } = operation.review;
    const saved = await apiJson(`/reviews/${week}`, WeeklyReviewSchema, {
      method: 'PUT',
      body: review,
      signal,
    });
    return upsertReview(list, saved);
  },
  subject: () => undefined,
  holdsLocal: () => readString(storageKeys.reviews) !== null,
  async merge({ signal, account }) {
    // A week the account has reviewed already (on another device) keeps that review.
    const reviewed = new Set((await account()).map((review) => review.week));
    for (const { week, ...review } of await localReviews.read()) {
      if (!reviewed.has(week)) {
        await apiFetch(`/reviews/${week}`, { method: 'PUT', body: review, signal });
      }
    }
    return { added: 0, forget: () => removeKey(storageKeys.reviews) };
  },
});
