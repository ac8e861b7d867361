// The SCORM feature's public surface: the app and the bench import only this file (ARCHITECTURE.md 'Feature
// boundaries').
export { scormRoutes } from './scorm.routes.ts';
export { scormAdminRoutes } from './scorm-admin.routes.ts';
export { scormSweeper } from './scorm-sweeper.worker.ts';
export { unpackPackage } from './unpack.service.ts';
