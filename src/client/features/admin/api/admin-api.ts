import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson, getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { AdminCourse, AdminModule, AdminQuiz, AdminTopic } from '#shared/schemas/admin-content.ts';
import type { AdminLiveSession } from '#shared/schemas/admin-sessions.ts';
import type { AdminAnalytics, AdminStats, AdminStudentPage } from '#shared/schemas/admin-students.ts';
import type { MailboxSummary } from '#shared/schemas/checkout.ts';

// Query keys are URL segments (the default query function joins them), so a key is also the endpoint.
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  analytics: ['/api/admin/analytics'] as const,
  courses: ['/api/admin/courses'] as const,
  modules: (courseId: string) => ['/api/admin/courses', courseId, 'modules'] as const,
  topics: (moduleId: string) => ['/api/admin/modules', moduleId, 'topics'] as const,
  quiz: (topicId: string) => ['/api/admin/topics', topicId, 'quiz'] as const,
  sessions: ['/api/admin/sessions'] as const,
  students: ['/api/admin/students'] as const,
  mailSummary: ['/api/admin/mailbox/summary'] as const,
};

export interface StudentQuery {
  search: string;
  page: number;
  pageSize?: number;
  enrolled?: boolean;
}

export function useStudents(query: StudentQuery) {
  return useQuery({
    queryKey: [...adminKeys.students, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        search: query.search,
        page: String(query.page),
        pageSize: String(query.pageSize ?? 25),
      });
      if (query.enrolled) params.set('enrolled', 'true');
      return fetchJson<AdminStudentPage>(`/api/admin/students?${params}`, signal);
    },
    placeholderData: (previous) => previous,
  });
}

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as T;
}

export const useStats = () => useQuery<AdminStats>({ queryKey: adminKeys.stats });
/** Undelivered outgoing mail, fresh each time the overview opens. */
export const useMailSummary = () =>
  useQuery<MailboxSummary>({ queryKey: adminKeys.mailSummary, staleTime: 0 });
export const useAnalytics = () => useQuery<AdminAnalytics>({ queryKey: adminKeys.analytics });
export const useCourses = () => useQuery<AdminCourse[]>({ queryKey: adminKeys.courses });
export const useModules = (courseId: string) =>
  useQuery<AdminModule[]>({ queryKey: adminKeys.modules(courseId) });
export const useTopics = (moduleId: string) =>
  useQuery<AdminTopic[]>({ queryKey: adminKeys.topics(moduleId) });
export const useQuiz = (topicId: string, enabled: boolean) =>
  useQuery<AdminQuiz>({ queryKey: adminKeys.quiz(topicId), enabled });
export const useLiveSessions = () => useQuery<AdminLiveSession[]>({ queryKey: adminKeys.sessions });

export { apiJson };

/** The 'Error' toasts of docs/product.md#errors-and-messages, with the server's reason after them when it gave one. */
export function errorToast(fallback: string, error: unknown) {
  const reason = getErrorMessage(error, '');
  toast({
    title: 'Error',
    description: reason && reason !== fallback ? `${fallback}. ${reason}` : fallback,
    variant: 'destructive',
  });
}

export function successToast(description: string) {
  toast({ title: 'Success', description });
}

export function validationToast(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** Content changes move counts on the overview and the course cards too. */
export function refreshContent(client: QueryClient) {
  void client.invalidateQueries({ queryKey: adminKeys.courses });
  void client.invalidateQueries({ queryKey: adminKeys.stats });
}
