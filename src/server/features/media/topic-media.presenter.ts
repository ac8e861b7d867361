import type { TopicRow } from './topic-media.service.ts';

/** A topic as the media routes return it (admins only: paths and the measured length). */
export function presentTopic(row: TopicRow) {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    description: row.description,
    order: row.order,
    videoPath: row.videoPath,
    videoDurationSeconds: row.videoDurationSeconds,
    presentationPath: row.presentationPath,
    captionsPath: row.captionsPath,
  };
}
