import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorToast, successToast } from '../api/admin-api.ts';
import { useCourseInstructors, useSetInstructors, useStaffList } from '../api/staff-api.ts';

/** Assigns a course's instructors (admins; docs/staff.md): active staff holding the instructor role. */
export function InstructorsDialog({
  course,
  onClose,
}: {
  course: { id: string; title: string };
  onClose: () => void;
}) {
  const staff = useStaffList();
  const current = useCourseInstructors(course.id);
  const save = useSetInstructors(course.id);
  const [chosen, setChosen] = useState<string[] | null>(null);
  useEffect(() => {
    if (current.data && chosen === null) setChosen(current.data.userIds);
  }, [current.data, chosen]);
  const instructors = (staff.data ?? []).filter((m) => m.isActive && m.roles.includes('instructor'));
  const onSave = async () => {
    try {
      await save.mutateAsync(chosen ?? []);
      successToast(`Instructors of ${course.title} saved`);
      onClose();
    } catch (error) {
      errorToast('Could not save the instructors', error);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Instructors</DialogTitle>
          <DialogDescription>
            {course.title}: instructors edit its modules, topics, quizzes and media and run its live sessions.
          </DialogDescription>
        </DialogHeader>
        {staff.isLoading || chosen === null ? (
          <Spinner label="Loading..." showLabel />
        ) : instructors.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nobody holds the instructor role yet: invite one on the Staff tab.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {instructors.map((m) => (
              <li key={m.userId}>
                <div className="flex items-center gap-3 text-sm">
                  <Checkbox
                    id={`instructor-${m.userId}`}
                    checked={chosen.includes(m.userId)}
                    onCheckedChange={(on) =>
                      setChosen((c) =>
                        on ? [...(c ?? []), m.userId] : (c ?? []).filter((id) => id !== m.userId),
                      )
                    }
                  />
                  <label htmlFor={`instructor-${m.userId}`}>
                    <span className="font-medium text-navy-900">
                      {[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email}
                    </span>
                    <span className="block text-muted-foreground">{m.email}</span>
                  </label>
                </div>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending || chosen === null}>
            {save.isPending ? 'Saving...' : 'Save instructors'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
