// What other features use of SCORM packages.
export { scormRoutes } from './scorm.routes.ts';
export { scormSweeper } from './scorm-sweeper.worker.ts';
