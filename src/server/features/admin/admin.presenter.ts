import type { modules, topics } from '#server/db/schema/index.ts';
import type { AdminModule, AdminTopic } from '#shared/schemas/admin-content.ts';

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function presentModule(row: typeof modules.$inferSelect, topicCount: number): AdminModule {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    order: row.order,
    duration: row.duration,
    topicCount,
  };
}

export function presentTopic(
  row: typeof topics.$inferSelect,
  quiz: { id: string; title: string; questionCount: number } | null,
  scormPackage: AdminTopic['package'] = null,
): AdminTopic {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    description: row.description,
    order: row.order,
    videoPath: row.videoPath,
    presentationPath: row.presentationPath,
    captionsPath: row.captionsPath,
    quiz,
    package: scormPackage,
  };
}
