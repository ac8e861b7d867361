import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { Gateway, QualificationInput, Standard } from '#shared/schemas/standards.ts';

// Standards, KSB evidence and gateway readiness (docs/apprenticeships.md). Keys are URL segments.
export const standardKeys = {
  standards: ['/api/admin/standards'] as const,
  ownGateway: ['/api/apprenticeship/gateway'] as const,
  employer: ['/api/employer/apprentices'] as const,
  studentGateway: (studentId: string) => ['/api/admin/students', studentId, 'gateway'] as const,
  readiness: ['/api/admin/gateway'] as const,
  topicKsbs: (topicId: string) => ['/api/admin/topics', topicId, 'ksbs'] as const,
};
export const ILR_URL = '/api/admin/ilr.xml?year=2526';

export const useStandards = () => useQuery<Standard[]>({ queryKey: standardKeys.standards });
export const useOwnGateway = (enabled = true) =>
  useQuery<Gateway>({ queryKey: standardKeys.ownGateway, retry: false, enabled });
export const useEmployerApprentices = () => useQuery<Gateway[]>({ queryKey: standardKeys.employer });
export const useStudentGateway = (studentId: string) =>
  useQuery<Gateway>({ queryKey: standardKeys.studentGateway(studentId), retry: false });
/** The caseload (everyone, for admins) sorted by gateway readiness, readiest first. */
export const useReadiness = () => useQuery<Gateway[]>({ queryKey: standardKeys.readiness });
/** The KSBs a topic is mapped to (docs/apprenticeships.md "Evidence and KSBs"). */
export const useTopicKsbs = (topicId: string) =>
  useQuery<{ ksbIds: string[] }>({ queryKey: standardKeys.topicKsbs(topicId) });

function useRefreshing<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      // Keys match element by element, so each endpoint family is named.
      for (const key of [
        ['/api/admin/students'],
        ['/api/admin/gateway'],
        ['/api/admin/standards'],
        ['/api/admin/topics'],
        ['/api/admin/otj'],
        ['/api/admin/apprentices'],
        ['/api/apprenticeship/gateway'],
        ['/api/employer/apprentices'],
        ['/api/otj'],
      ]) {
        void client.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export const useImportStandard = () =>
  useRefreshing(
    (record: unknown) => apiJson<Standard>('POST', '/api/admin/standards', record),
    'Standard imported',
  );
export const useSetMinimum = () =>
  useRefreshing(
    ({ id, minimumOtjHours }: { id: string; minimumOtjHours: number }) =>
      apiJson<Standard>('PUT', `/api/admin/standards/${id}`, { minimumOtjHours }),
    'Minimum off-the-job hours saved',
  );
export const useMapTopic = () =>
  useRefreshing(
    ({ topicId, ksbIds }: { topicId: string; ksbIds: string[] }) =>
      apiJson<{ ksbIds: string[] }>('PUT', `/api/admin/topics/${topicId}/ksbs`, { ksbIds }),
    'KSBs saved',
  );
/** The apprentice's mandatory qualifications (docs/apprenticeships.md "Gateway readiness"): add or edit one. */
export const useSaveQualification = () =>
  useRefreshing(
    ({ studentId, id, body }: { studentId: string; id?: string; body: QualificationInput }) =>
      apiJson<{ id: string }>(
        id ? 'PUT' : 'POST',
        `/api/admin/students/${studentId}/qualifications${id ? `/${id}` : ''}`,
        body,
      ),
    'Qualification saved',
  );
export const useDeleteQualification = () =>
  useRefreshing(
    ({ studentId, id }: { studentId: string; id: string }) =>
      apiJson<void>('DELETE', `/api/admin/students/${studentId}/qualifications/${id}`),
    'Qualification removed',
  );
export const useSignOffKsb = () =>
  useRefreshing(
    ({ studentId, ksbId }: { studentId: string; ksbId: string }) =>
      apiJson<Gateway>('POST', `/api/admin/students/${studentId}/ksbs/${ksbId}/sign-off`),
    'KSB signed off',
  );
export const useSignGateway = () =>
  useRefreshing(
    ({ studentId, as }: { studentId: string; as: 'tutor' | 'employer' }) =>
      apiJson<Gateway>(
        'POST',
        as === 'tutor'
          ? `/api/admin/students/${studentId}/gateway/sign`
          : `/api/employer/apprentices/${studentId}/gateway/sign`,
      ),
    'Signed ready for gateway',
  );

/** Null when the ILR file can be written; else the server's message and what each record lacks, one a line. */
export async function ilrFileProblem(): Promise<string | null> {
  const res = await fetch(ILR_URL, { credentials: 'same-origin', method: 'GET' });
  if (res.ok) return null;
  const body = (await res.json().catch(() => null)) as {
    message?: string;
    learners?: { name: string; missing: string[] }[];
  } | null;
  return [
    body?.message ?? 'Could not write the ILR file',
    ...(body?.learners ?? []).map((l) => `${l.name}: ${l.missing.join(', ')}`),
  ].join('\n');
}
