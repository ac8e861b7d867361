import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson, getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type {
  AdminCourse,
  AdminModule,
  AdminQuiz,
  AdminTopic,
  CourseInput,
} from '#shared/schemas/admin-content.ts';
import type { AdminLiveSession } from '#shared/schemas/admin-sessions.ts';
import type {
  AdminAnalytics,
  AdminStats,
  AdminStudentPage,
  CreateStudentInput,
} from '#shared/schemas/admin-students.ts';
import type { Certificate, RevokeCertificateInput } from '#shared/schemas/certificates.ts';
import type { MailboxSummary } from '#shared/schemas/checkout.ts';
import type { SessionRegister } from '#shared/schemas/live-sessions.ts';
import type { AdminReview } from '#shared/schemas/reviews.ts';
import type { AdminWaitlist } from '#shared/schemas/waitlist.ts';

// Query keys are URL segments (the default query function joins them), so a key is also the endpoint.
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  analytics: ['/api/admin/analytics'] as const,
  courses: ['/api/admin/courses'] as const,
  modules: (courseId: string) => ['/api/admin/courses', courseId, 'modules'] as const,
  topics: (moduleId: string) => ['/api/admin/modules', moduleId, 'topics'] as const,
  quiz: (topicId: string) => ['/api/admin/topics', topicId, 'quiz'] as const,
  sessions: ['/api/admin/sessions'] as const,
  register: (sessionId: string) => ['/api/admin/sessions', sessionId, 'attendance'] as const,
  students: ['/api/admin/students'] as const,
  mailSummary: ['/api/admin/mailbox/summary'] as const,
  reviews: ['/api/admin/reviews'] as const,
  waitlists: ['/api/admin/waitlists'] as const,
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
export const useAdminReviews = () => useQuery<AdminReview[]>({ queryKey: adminKeys.reviews });
export const useWaitlists = () => useQuery<AdminWaitlist>({ queryKey: adminKeys.waitlists });
export const useLiveSessions = () => useQuery<AdminLiveSession[]>({ queryKey: adminKeys.sessions });
export const useRegister = (sessionId: string | null) =>
  useQuery<SessionRegister>({
    queryKey: adminKeys.register(sessionId ?? ''),
    enabled: sessionId !== null,
    staleTime: 0,
  });

/** One student's account actions on the Students tab. */
export type StudentAction = 'deactivate' | 'reactivate' | 'resend' | 'reset' | 'enrol';

/**
 * The admin console's writes, one function per endpoint: components call these and never name a URL
 * (ARCHITECTURE.md 'The client'). Reads are the query hooks above.
 */
export const adminApi = {
  takeRegister: (sessionId: string, present: string[]) =>
    apiJson<SessionRegister>('PUT', `/api/admin/sessions/${sessionId}/attendance`, { present }),
  createStudent: (body: CreateStudentInput) => apiJson('POST', '/api/admin/students', body),
  studentAction: (studentId: string, action: StudentAction, courseId?: string) => {
    const base = `/api/admin/students/${studentId}`;
    if (action === 'deactivate' || action === 'reactivate')
      return apiJson('PATCH', base, { isActive: action === 'reactivate' });
    if (action === 'resend') return apiJson('POST', `${base}/resend-credentials`);
    if (action === 'reset') return apiJson('DELETE', `${base}/quiz-attempts`);
    return apiJson('POST', `${base}/enrolments`, { courseId });
  },
  saveCourse: (courseId: string | undefined, body: CourseInput) =>
    courseId
      ? apiJson('PUT', `/api/admin/courses/${courseId}`, body)
      : apiJson('POST', '/api/admin/courses', body),
  saveModule: (target: { moduleId: string } | { courseId: string }, body: unknown) =>
    'moduleId' in target
      ? apiJson<AdminModule>('PUT', `/api/admin/modules/${target.moduleId}`, body)
      : apiJson<AdminModule>('POST', `/api/admin/courses/${target.courseId}/modules`, body),
  saveTopic: (target: { topicId: string } | { moduleId: string }, body: unknown) =>
    'topicId' in target
      ? apiJson('PUT', `/api/admin/topics/${target.topicId}`, body)
      : apiJson('POST', `/api/admin/modules/${target.moduleId}/topics`, body),
  deleteContent: (kind: 'course' | 'module' | 'topic', id: string) =>
    apiJson('DELETE', `/api/admin/${kind}s/${id}`),
  saveQuiz: (topicId: string, editing: boolean, body: unknown) =>
    apiJson(editing ? 'PUT' : 'POST', `/api/admin/topics/${topicId}/quiz`, body),
  saveSession: (sessionId: string | undefined, body: unknown) =>
    sessionId
      ? apiJson('PUT', `/api/admin/sessions/${sessionId}`, body)
      : apiJson('POST', '/api/admin/sessions', body),
  sessionAction: (sessionId: string, kind: 'cancel' | 'restore' | 'delete') =>
    kind === 'delete'
      ? apiJson('DELETE', `/api/admin/sessions/${sessionId}`)
      : apiJson('POST', `/api/admin/sessions/${sessionId}/${kind}`),
  certificatesOf: (userId: string) =>
    apiJson<Certificate[]>('GET', `/api/admin/certificates?userId=${encodeURIComponent(userId)}`),
  revokeCertificate: (certificateId: string, input: RevokeCertificateInput) =>
    apiJson('POST', `/api/admin/certificates/${certificateId}/revoke`, input),
  reissueCertificate: (certificateId: string) =>
    apiJson('POST', `/api/admin/certificates/${certificateId}/reissue`),
  removeReview: (reviewId: string, reason: string) =>
    apiJson('POST', `/api/admin/reviews/${reviewId}/remove`, { reason }),
};

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
