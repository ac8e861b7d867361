// The reviews feature's public face for other features.

export { recentReviewList, reviewListFor } from './review-list.service.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { reviewsAdminRoutes } from './reviews-admin.routes.ts';
