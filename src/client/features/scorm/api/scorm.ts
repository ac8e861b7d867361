import { useQuery } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { ScormLaunch } from '#shared/schemas/scorm.ts';

/** GET /api/topics/:id/scorm: always the newest run data (the student may have gone on on another device). */
export function useScormLaunch(topicId: string) {
  return useQuery<ScormLaunch>({
    queryKey: ['/api/topics', topicId, 'scorm'],
    queryFn: () => apiJson('GET', `/api/topics/${topicId}/scorm`),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    // Refetching would reload the package mid-lesson: live learning events refresh everything else.
    meta: { refreshOnLiveEvents: false },
  });
}

/** PUT /api/topics/:id/scorm. `keepalive` lets the request outlive the page (leaving it, closing the tab). */
export async function saveScormRun(topicId: string, cmi: unknown, keepalive = false): Promise<void> {
  const res = await fetch(`/api/topics/${topicId}/scorm`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ cmi }),
    credentials: 'include',
    keepalive,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'Progress could not be saved');
  }
}
