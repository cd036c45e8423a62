import { isWeeklyReview, type WeeklyReview } from '@partak/domain/api/reviews';
import { storageKeys } from '@partak/domain/product';
import { readList, writeJson } from '../storage.ts';
import { browserStore } from './data-store.ts';

/** The weekly reviews kept in this browser (signed out). */
export const localReviews = browserStore(
  storageKeys.reviews,
  () => readList(storageKeys.reviews, isWeeklyReview),
  (reviews: WeeklyReview[]) => writeJson(storageKeys.reviews, reviews),
);
