import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import {
  type LearningModule,
  type ProgressRecord,
  type Quiz,
  type QuizAttemptResult,
  type ResourceType,
  resourceId,
  type TopicDetail,
  type TopicSummary,
  type UserCourse,
  type VideoProgressInput,
  type VideoProgressResponse,
} from '#shared/schemas/learning.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';
import { type Cue, parseWebVtt } from '#shared/webvtt.ts';

export const MODULES_KEY = '/api/modules';
export const TOPICS_KEY = '/api/topics';
export const PROGRESS_KEY = ['/api/progress'] as const;

export function useUserCourses() {
  return useQuery<UserCourse[]>({ queryKey: ['/api/user/courses'] });
}

export function useModules(courseId: string | null, enabled = true) {
  return useQuery<LearningModule[]>({
    queryKey: [MODULES_KEY, { courseId }],
    queryFn: () =>
      apiJson('GET', courseId ? `/api/modules?courseId=${encodeURIComponent(courseId)}` : '/api/modules'),
    enabled,
  });
}

export function useTopics(moduleId: string | null) {
  return useQuery<TopicSummary[]>({
    queryKey: [MODULES_KEY, moduleId ?? '', 'topics'],
    enabled: Boolean(moduleId),
  });
}

/**
 * Opening a topic is recorded by the server (it may complete the topic), so it is fetched with
 * POST /api/topics/:id/open (a state change is never a GET) and always fresh.
 */
export function useTopic(topicId: string | null) {
  return useQuery<TopicDetail>({
    queryKey: [TOPICS_KEY, topicId ?? ''],
    queryFn: () => apiJson<TopicDetail>('POST', `/api/topics/${topicId}/open`),
    enabled: Boolean(topicId),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useQuiz(topicId: string, enabled: boolean) {
  return useQuery<Quiz>({ queryKey: [TOPICS_KEY, topicId, 'quiz'], enabled, staleTime: 0 });
}

/** Whether to show the link to the apprenticeship page (apprentices and employer contacts), and reviews to sign. */
export function useApprenticeshipSummary() {
  return useQuery<{ isApprentice: boolean; isEmployerContact: boolean; reviewsToSign: number }>({
    queryKey: ['/api/apprenticeship/summary'],
  });
}

/** A video's caption cues for the transcript (README 'Accessibility'); the file is read once per page. */
export function useCaptionCues(captionsUrl: string) {
  return useQuery({
    queryKey: ['captions', captionsUrl],
    queryFn: async (): Promise<Cue[]> => {
      const res = await apiRequest('GET', captionsUrl);
      const parsed = parseWebVtt(await res.text());
      return parsed.ok ? parsed.cues : [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const UPCOMING_SESSIONS_KEY = '/api/sessions/upcoming';

export function useUpcomingSessions() {
  return useQuery<UpcomingSession[]>({ queryKey: [UPCOMING_SESSIONS_KEY] });
}

/** 'Will you attend?' (docs/product.md#live-sessions): the answer, then the list again. */
export async function answerRsvp(queryClient: QueryClient, sessionId: string, attending: boolean) {
  await apiJson<{ attending: boolean }>('POST', `/api/sessions/${sessionId}/rsvp`, { attending });
  await queryClient.invalidateQueries({ queryKey: [UPCOMING_SESSIONS_KEY] });
}

export function reportVideo(topicId: string, input: VideoProgressInput, keepalive = false) {
  if (keepalive) {
    // Leaving the page: the request must outlive it.
    return fetch(`/api/topics/${topicId}/video-progress`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
    }).then(() => null);
  }
  return apiJson<VideoProgressResponse>('POST', `/api/topics/${topicId}/video-progress`, input);
}

export function submitQuiz(topicId: string, answers: { questionId: string; answerId: string | null }[]) {
  return apiJson<QuizAttemptResult>('POST', `/api/topics/${topicId}/quiz/attempts`, { answers });
}

/** docs/product.md#portal: PUT /api/progress, then refresh progress. The server stores only what was earned. */
export async function syncModuleProgress(
  queryClient: QueryClient,
  moduleId: string,
  progressPercentage: string,
) {
  try {
    await apiJson<ProgressRecord>('PUT', '/api/progress', {
      moduleId,
      progressPercentage: Number(progressPercentage),
    });
  } catch {
    toast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' });
  }
  await refreshLearning(queryClient);
}

export async function refreshLearning(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [MODULES_KEY] }),
    queryClient.invalidateQueries({ queryKey: PROGRESS_KEY }),
  ]);
}

/** Records that a video or presentation was opened (admin analytics); failures only show a toast. */
export async function trackResourceAccess(topicId: string, type: ResourceType, sessionDuration = 0) {
  try {
    await apiRequest('POST', `/api/resources/${resourceId(topicId, type)}/access`, { sessionDuration });
  } catch {
    toast({ title: 'Error', description: 'Failed to track resource access', variant: 'destructive' });
  }
}
