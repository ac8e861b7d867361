// The learning feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { learningRoutes } from './learning.routes.ts';
export { userCoursesRoutes } from './user-courses.routes.ts';
