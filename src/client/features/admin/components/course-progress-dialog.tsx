import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate } from '#shared/format.ts';
import { useCourseProgress } from '../api/staff-api.ts';

/**
 * The students of one course and how far each has got (admins, and the course's instructors: docs/staff.md).
 */
export function CourseProgressDialog({
  course,
  onClose,
}: {
  course: { id: string; title: string };
  onClose: () => void;
}) {
  const progress = useCourseProgress(course.id);
  const students = progress.data?.students ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Student progress</DialogTitle>
          <DialogDescription>{course.title}: topics each enrolled student has completed.</DialogDescription>
        </DialogHeader>
        {progress.isLoading ? (
          <Spinner label="Loading..." showLabel />
        ) : progress.isError ? (
          <p className="text-sm text-destructive">Could not load the progress: {progress.error.message}</p>
        ) : students.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is enrolled on this course yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Students">
            {students.map((s) => (
              <li key={s.userId} className="grid gap-1.5 py-3" data-testid="course-progress-student">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 truncate font-medium text-navy-900">{s.name}</span>
                  <span className="text-sm font-semibold text-navy-700">{s.percentage}%</span>
                </div>
                <span className="min-w-0 truncate text-sm text-muted-foreground">{s.email}</span>
                <div
                  className="h-2 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label={`${s.name}: topics completed`}
                  aria-valuenow={s.percentage}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="h-full rounded-full bg-safety-500" style={{ width: `${s.percentage}%` }} />
                </div>
                <span className="text-xs text-muted-foreground">
                  {s.completedTopics} of {s.totalTopics} topics · enrolled {formatDate(s.enrolledAt)}
                  {s.lastActivityAt ? ` · last active ${formatDate(s.lastActivityAt)}` : ' · not started'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
