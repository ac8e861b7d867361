import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  saveEmailPreference,
  useNotificationPreferences,
} from '#client/components/notifications/notifications-api.ts';
import { Card } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { failureToast } from '#client/lib/error-toast.ts';
import { EMAIL_KIND_LABELS, EMAIL_NOTIFICATION_KINDS } from '#shared/schemas/notifications.ts';
import { SectionHeading } from './section-heading.tsx';

/** One switch per kind of notification email (docs/product.md#notifications); the bell shows everything anyway. */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const { data } = useNotificationPreferences();
  const [saving, setSaving] = useState<string | null>(null);
  const toggle = async (kind: string, on: boolean) => {
    setSaving(kind);
    try {
      await saveEmailPreference(queryClient, kind, on);
    } catch (error) {
      failureToast('Could not save', error, 'Please try again.');
    } finally {
      setSaving(null);
    }
  };
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="email-preferences-heading">
      <SectionHeading
        id="email-preferences-heading"
        title="Email notifications"
        description="Choose which notifications also come by email. Account and payment emails are always sent."
      />
      {!data ? (
        <Skeleton className="h-40" />
      ) : (
        <ul className="grid gap-1">
          {EMAIL_NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <div className="flex items-center gap-3 rounded-md px-1 py-2 text-sm hover:bg-muted">
                <Checkbox
                  id={`email-${kind}`}
                  checked={data.email[kind]}
                  disabled={saving === kind}
                  onCheckedChange={(checked) => void toggle(kind, checked === true)}
                />
                <label htmlFor={`email-${kind}`} className="flex-1 cursor-pointer">
                  {EMAIL_KIND_LABELS[kind]}
                </label>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
