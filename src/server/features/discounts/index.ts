// The discounts feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries'). Checkout and teams price payments through it (docs/product.md#discount-codes-and-team-prices).

export { discountsRoutes } from './discounts.routes.ts';
export { priceCourseCode } from './discounts.service.ts';
export { discountsAdminRoutes } from './discounts-admin.routes.ts';
export { priceTeamOrder, type TeamPriced } from './tiers.service.ts';
