import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '#client/lib/api-client.ts';
import type { MediaTopicListItem, StoredObject } from '#shared/schemas/media.ts';

export const OBJECTS_KEY = ['/api/objects'] as const;
export const MEDIA_TOPICS_KEY = ['/api/media/topics'] as const;

export const useStoredObjects = () => useQuery<StoredObject[]>({ queryKey: OBJECTS_KEY });
export const useMediaTopics = () => useQuery<MediaTopicListItem[]>({ queryKey: MEDIA_TOPICS_KEY });

export function useRefreshMedia() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: OBJECTS_KEY }),
      client.invalidateQueries({ queryKey: MEDIA_TOPICS_KEY }),
    ]);
}

export type TopicMediaKind = 'video' | 'presentation' | 'captions';

/** Attaches an uploaded file to the topic as its video (with the length read in the browser), captions or presentation. */
export const attachTopicMedia = (
  topicId: string,
  kind: TopicMediaKind,
  objectPath: string,
  durationSeconds?: number,
) =>
  apiJson(
    'PUT',
    `/api/topics/${topicId}/${kind}`,
    kind === 'video'
      ? { videoURL: objectPath, durationSeconds }
      : kind === 'captions'
        ? { objectKey: objectPath }
        : { presentationURL: objectPath },
  );

/** The topic goes back to no video / captions / presentation; the server deletes the file. */
export const removeTopicMedia = (topicId: string, kind: TopicMediaKind) =>
  apiJson('DELETE', `/api/topics/${topicId}/${kind}`);

export function useDeleteObject() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (objectPath: string) =>
      apiRequest('DELETE', `/api/objects/${objectPath.replace(/^\/objects\//, '')}`),
    onSuccess: refresh,
  });
}
