import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '#client/lib/api-client.ts';
import type { MediaTopic, MediaTopicListItem, StoredObject } from '#shared/schemas/media.ts';

export const OBJECTS_KEY = ['/api/objects'] as const;
export const MEDIA_TOPICS_KEY = ['/api/media/topics'] as const;

export const useStoredObjects = () => useQuery<StoredObject[]>({ queryKey: OBJECTS_KEY });
export const useMediaTopics = () => useQuery<MediaTopicListItem[]>({ queryKey: MEDIA_TOPICS_KEY });

function useRefreshMedia() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: OBJECTS_KEY }),
      client.invalidateQueries({ queryKey: MEDIA_TOPICS_KEY }),
    ]);
}

export function useSetTopicVideo() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (v: { topicId: string; videoURL: string; durationSeconds?: number }) =>
      apiJson<MediaTopic>('PUT', `/api/topics/${v.topicId}/video`, {
        videoURL: v.videoURL,
        durationSeconds: v.durationSeconds,
      }),
    onSuccess: refresh,
  });
}

export function useSetTopicPresentation() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (v: { topicId: string; presentationURL: string }) =>
      apiJson<MediaTopic>('PUT', `/api/topics/${v.topicId}/presentation`, {
        presentationURL: v.presentationURL,
      }),
    onSuccess: refresh,
  });
}

/** The topic goes back to no video / no presentation; the server deletes the file. */
export function useRemoveTopicMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (v: { topicId: string; kind: 'video' | 'presentation' }) =>
      apiJson<MediaTopic>('DELETE', `/api/topics/${v.topicId}/${v.kind}`),
    onSuccess: refresh,
  });
}

export function useDeleteObject() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (objectPath: string) =>
      apiRequest('DELETE', `/api/objects/${objectPath.replace(/^\/objects\//, '')}`),
    onSuccess: refresh,
  });
}
