import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import { failureToast } from '#client/lib/error-toast.ts';
import { toast } from '#client/lib/toast.ts';
import type {
  AdminApprentice,
  AdminOtjEntry,
  Apprenticeship,
  ApprenticeshipInput,
  OtjEntryInput,
  OtjOverview,
  Review,
  ReviewInput,
} from '#shared/schemas/apprenticeships.ts';
import type { StaffMember } from '#shared/schemas/staff.ts';

// Query keys are URL segments (the default query function joins them), so a key is also the endpoint.
export const keys = {
  otj: ['/api/otj'] as const,
  reviews: ['/api/reviews'] as const,
  apprentices: ['/api/admin/apprentices'] as const,
  adminEntries: (query: string) => ['/api/admin/otj', query] as const,
  record: (studentId: string) => ['/api/admin/students', studentId, 'apprenticeship'] as const,
  studentReviews: (studentId: string) => ['/api/admin/students', studentId, 'reviews'] as const,
};

export const OWN_CSV_URL = '/api/otj/export.csv';
export const PROVIDER_CSV_URL = '/api/admin/apprentices/export.csv';
export const reviewPdfUrl = (id: string) => `/api/reviews/${id}/pdf`;

export const useOverview = () => useQuery<OtjOverview>({ queryKey: keys.otj, retry: false });
export const useReviews = () => useQuery<Review[]>({ queryKey: keys.reviews });
export const useApprentices = () => useQuery<AdminApprentice[]>({ queryKey: keys.apprentices });
export const useAdminEntries = (filter: { status?: 'pending'; studentId?: string }) =>
  useQuery<AdminOtjEntry[]>({
    queryKey: keys.adminEntries(`?${new URLSearchParams(filter as Record<string, string>)}`),
    queryFn: () => apiJson('GET', `/api/admin/otj?${new URLSearchParams(filter as Record<string, string>)}`),
  });
export const useRecord = (studentId: string) =>
  useQuery<Apprenticeship>({ queryKey: keys.record(studentId), retry: false });
export const useStudentReviews = (studentId: string) =>
  useQuery<Review[]>({ queryKey: keys.studentReviews(studentId) });

interface StudentHit {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}
/** Active staff holding the tutor role, for the record's Tutor field (admins only; docs/staff.md). */
export const useTutors = (enabled: boolean) =>
  useQuery<StaffMember[], Error, StaffMember[]>({
    queryKey: ['/api/admin/staff'],
    enabled,
    select: (staff) => staff.filter((m) => m.isActive && m.roles.includes('tutor')),
  });

/** Students matching a search, for choosing whose apprenticeship to record. */
export const useStudentSearch = (search: string, enabled = true) =>
  useQuery<{ students: StudentHit[] }>({
    queryKey: ['/api/admin/students', 'apprentice-search', search],
    queryFn: () =>
      apiJson('GET', `/api/admin/students?${new URLSearchParams({ search, page: '1', pageSize: '8' })}`),
    enabled: enabled && search.trim().length >= 2,
  });

export function errorToast(fallback: string, error: unknown) {
  failureToast('Error', error, fallback);
}

/** Every write here moves the figures, so each one refreshes everything this feature shows. */
function useWrite<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      for (const key of [
        keys.otj,
        keys.reviews,
        keys.apprentices,
        ['/api/admin/otj'],
        ['/api/admin/students'],
        ['/api/apprenticeship/gateway'],
        ['/api/admin/gateway'],
      ]) {
        void client.invalidateQueries({ queryKey: key });
      }
      void client.invalidateQueries({ queryKey: ['/api/apprenticeship/summary'] });
    },
  });
}

export const useLogEntry = () =>
  useWrite(
    (body: OtjEntryInput) => apiJson<{ id: string }>('POST', '/api/otj', body),
    'Entry logged for approval',
  );
export const useAmendEntry = () =>
  useWrite(
    ({ id, body }: { id: string; body: OtjEntryInput }) =>
      apiJson<{ id: string }>('PUT', `/api/otj/${id}`, body),
    'Entry amended and sent for approval again',
  );
export const useSignReview = () =>
  useWrite((id: string) => apiJson<Review>('POST', `/api/reviews/${id}/sign`), 'Review signed');
export const useApprove = () =>
  useWrite(
    ({ id, rejectedKsbIds }: { id: string; rejectedKsbIds: string[] }) =>
      apiJson<AdminOtjEntry>('POST', `/api/admin/otj/${id}/approve`, { rejectedKsbIds }),
    'Entry approved',
  );
export const useReject = () =>
  useWrite(
    ({ id, reason }: { id: string; reason: string }) =>
      apiJson<AdminOtjEntry>('POST', `/api/admin/otj/${id}/reject`, { reason }),
    'Entry rejected; the apprentice can see why',
  );
export const useSaveRecord = () =>
  useWrite(
    ({ studentId, body }: { studentId: string; body: ApprenticeshipInput }) =>
      apiJson<Apprenticeship>('PUT', `/api/admin/students/${studentId}/apprenticeship`, body),
    'Apprenticeship record saved',
  );
export const useRecordReview = () =>
  useWrite(
    ({ studentId, body }: { studentId: string; body: ReviewInput }) =>
      apiJson<{ id: string }>('POST', `/api/admin/students/${studentId}/reviews`, body),
    'Review recorded; each party can now sign it',
  );
