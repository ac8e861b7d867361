import { useQueryClient } from '@tanstack/react-query';
import { TopicMediaSlot } from '#client/features/media/index.ts';
import type { AdminTopic } from '#shared/schemas/admin-content.ts';
import { adminKeys } from '../api/admin-api.ts';
import { ScormPackageSlot } from './scorm-package-slot.tsx';

/**
 * A topic card's video, its captions, the presentation and a SCORM package: upload, then open, replace or remove
 * (README 'Files and media', 'Accessibility', 'SCORM packages'). The captions slot appears once there is a video.
 */
export function TopicMediaSlots({ topic }: { topic: AdminTopic }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.topics(topic.moduleId) });
  return (
    <div className="mt-4 grid gap-3 lg:grid-cols-2">
      <TopicMediaSlot topic={topic} kind="video" variant="inline" onChanged={refresh} />
      <TopicMediaSlot topic={topic} kind="presentation" variant="inline" onChanged={refresh} />
      {topic.videoPath ? (
        <TopicMediaSlot topic={topic} kind="captions" variant="inline" onChanged={refresh} />
      ) : null}
      <ScormPackageSlot topic={topic} />
    </div>
  );
}
