import { useQuery } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { ScormReport } from '#shared/schemas/scorm.ts';

// A topic's SCORM package in the content editor (README 'SCORM packages'): attach, remove, and the report.

export const scormAdminApi = {
  attachPackage: (topicId: string, objectKey: string) =>
    apiJson<{ version: '1.2' | '2004'; title: string; launchUrl: string }>(
      'PUT',
      `/api/topics/${topicId}/package`,
      {
        objectKey,
      },
    ),
  removePackage: (topicId: string) => apiJson('DELETE', `/api/topics/${topicId}/package`),
};

export const useScormReport = (topicId: string, enabled: boolean) =>
  useQuery<ScormReport>({ queryKey: ['/api/admin/topics', topicId, 'scorm'], enabled, staleTime: 0 });
