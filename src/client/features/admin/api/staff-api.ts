import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { CourseProgress } from '#shared/schemas/admin-content.ts';
import type { CaseloadSession } from '#shared/schemas/live-sessions.ts';
import type {
  AuditItem,
  AuditQuery,
  CaseloadItem,
  StaffInvitationInput,
  StaffMember,
  StaffUpdate,
} from '#shared/schemas/staff.ts';

// Staff management, caseloads and the audit trail (docs/staff.md). Query keys are the endpoints.

export const staffKeys = {
  staff: ['/api/admin/staff'] as const,
  caseload: ['/api/admin/caseload'] as const,
  caseloadSessions: ['/api/admin/caseload/sessions'] as const,
  instructors: (courseId: string) => ['/api/admin/courses', courseId, 'instructors'] as const,
  progress: (courseId: string) => ['/api/admin/courses', courseId, 'progress'] as const,
};

export const useStaffList = (enabled = true) =>
  useQuery<StaffMember[]>({ queryKey: staffKeys.staff, enabled });
export const useCaseload = () => useQuery<CaseloadItem[]>({ queryKey: staffKeys.caseload });
/** The sessions a tutor's apprentices are expected at, for their register. */
export const useCaseloadSessions = () =>
  useQuery<CaseloadSession[]>({ queryKey: staffKeys.caseloadSessions });
export const useCourseInstructors = (courseId: string) =>
  useQuery<{ userIds: string[] }>({ queryKey: staffKeys.instructors(courseId) });
/** A course's students and their progress: admins and the course's instructors. */
export const useCourseProgress = (courseId: string) =>
  useQuery<CourseProgress>({ queryKey: staffKeys.progress(courseId) });

/** The audit log's query string (empty filters left out), for the list and the CSV link alike. */
export function auditSearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const auditCsvUrl = (query: AuditQuery) => `/api/admin/audit.csv${auditSearch(query)}`;

export const useAudit = (query: AuditQuery) =>
  useQuery<{ items: AuditItem[] }>({
    queryKey: ['/api/admin/audit', query],
    queryFn: () => apiJson('GET', `/api/admin/audit${auditSearch(query)}`),
    placeholderData: (previous) => previous,
  });

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvitationInput) =>
      apiJson<{ id: string }>('POST', '/api/admin/staff/invitations', body),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.staff }),
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: StaffUpdate & { userId: string }) =>
      apiJson<StaffMember>('PUT', `/api/admin/staff/${userId}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.staff }),
  });
}

export function useSetInstructors(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiJson<{ userIds: string[] }>('PUT', `/api/admin/courses/${courseId}/instructors`, { userIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.instructors(courseId) }),
  });
}
