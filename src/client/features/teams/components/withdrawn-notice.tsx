import { formatDate } from '#shared/format.ts';
import { useWithdrawnCourses } from '../api/invitations.ts';

/**
 * The portal's empty state when an employer took a course back: says so, instead of "not enrolled yet"
 * (`fallback`, shown otherwise).
 */
export function WithdrawnNotice({ fallback }: { fallback: string }) {
  const { data, isLoading } = useWithdrawnCourses();
  if (isLoading) return null;
  const latest = data?.[0];
  if (!latest) return <>{fallback}</>;
  return (
    <>
      <span className="block font-semibold text-navy-900">
        Your place on {latest.courseTitle} was withdrawn by your employer
      </span>
      <span className="mt-1 block">
        {latest.companyName} took back the seat on {formatDate(latest.withdrawnAt)}, so the course is no
        longer in your account. If you think this is a mistake, speak to your employer.
      </span>
    </>
  );
}
