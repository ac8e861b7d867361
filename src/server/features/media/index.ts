// The media feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { DiskObjectStore } from './disk.store.ts';
export { mediaRoutes } from './media.routes.ts';
export {
  attachImage,
  attachObject,
  ensureUploaded,
  imagePath,
  type MediaDeps,
  normaliseObjectPath,
  objectKeyFrom,
  releaseObject,
  releaseObjects,
} from './media.service.ts';
export type { MediaAccessRule } from './media-access.policy.ts';
export { newObjectKey, type ObjectStore, objectPathFor, UploadSigner } from './object.store.ts';
export { parseRange } from './range.util.ts';
export { S3ObjectStore } from './s3.store.ts';
export { mediaSweeper } from './sweeper.worker.ts';
export { topicMediaRoutes } from './topic-media.routes.ts';
