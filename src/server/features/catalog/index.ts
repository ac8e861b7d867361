// The catalog feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { monthlyPencePerInstalment, presentCourse } from './catalog.presenter.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { CatalogCache, courseCurriculum } from './catalog.service.ts';
export { courseTopicCount, topicCourseId } from './courses.repo.ts';
