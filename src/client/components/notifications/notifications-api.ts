import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { NotificationPreferences, NotificationsResponse } from '#shared/schemas/notifications.ts';

// The bell and email preferences (docs/product.md#notifications); shared by the portal and the admin console.

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const PREFERENCES_KEY = ['/api/user/notification-preferences'] as const;

export const useNotifications = () => useQuery<NotificationsResponse>({ queryKey: NOTIFICATIONS_KEY });
export const useNotificationPreferences = () =>
  useQuery<NotificationPreferences>({ queryKey: PREFERENCES_KEY });

export async function markNotificationsRead(queryClient: QueryClient, ids: string[]) {
  if (!ids.length) return;
  const fresh = await apiJson<NotificationsResponse>('POST', '/api/notifications/read', { ids });
  queryClient.setQueryData(NOTIFICATIONS_KEY, fresh);
}

export async function saveEmailPreference(queryClient: QueryClient, kind: string, on: boolean) {
  const fresh = await apiJson<NotificationPreferences>('PUT', '/api/user/notification-preferences', {
    email: { [kind]: on },
  });
  queryClient.setQueryData(PREFERENCES_KEY, fresh);
}

export const unsubscribeWithToken = (token: string) =>
  apiJson<{ kind: string; label: string }>('POST', '/api/notifications/unsubscribe', { token });

/**
 * What a live event from the stream refreshes (lib/user-events.service.ts on the server): the bell; the learner's
 * courses, progress and certificates; the apprenticeship's hours. Query keys are URLs, so prefixes name them.
 */
const REFRESHED_BY: Record<string, string[]> = {
  notification: ['/api/notifications'],
  learning: [
    '/api/modules',
    '/api/progress',
    '/api/user/courses',
    '/api/topics',
    '/api/certificates',
    '/api/sessions',
  ],
  apprenticeship: ['/api/otj', '/api/apprenticeship'],
};
export const LIVE_EVENTS = Object.keys(REFRESHED_BY);

export function refreshForEvent(queryClient: QueryClient, event: string) {
  const prefixes = REFRESHED_BY[event] ?? [];
  void queryClient.invalidateQueries({
    predicate: (query) => {
      // A query that must never restart under the learner (a SCORM package's launch) opts out with its meta.
      if (query.meta?.refreshOnLiveEvents === false) return false;
      const first = query.queryKey[0];
      return typeof first === 'string' && prefixes.some((p) => first.startsWith(p));
    },
  });
}
