import { accountOrLocal } from './account-data.ts';
import { localReviews } from './local-reviews.ts';

/** The weekly reviews of whoever uses the app: this browser's, or the signed-in account's. */
export const reviewsStore = accountOrLocal(localReviews, (sync) => sync.reviews);
