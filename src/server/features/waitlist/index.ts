// The waitlist feature's public face for other features.

export { waitlistRoutes } from './waitlist.routes.ts';
export { notifyWaitlist } from './waitlist.service.ts';
export { waitlistAdminRoutes } from './waitlist-admin.routes.ts';
