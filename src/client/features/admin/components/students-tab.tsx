import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Award,
  BookPlus,
  ChevronLeft,
  ChevronRight,
  KeyRound,
  MessageSquare,
  MoreVertical,
  RotateCcw,
  Search,
  UserCheck,
  Users,
  UserX,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatDate, formatDateTime, plural } from '#shared/format.ts';
import type { AdminStudent } from '#shared/schemas/admin-students.ts';
import { adminApi, adminKeys, errorToast, successToast, useCourses, useStudents } from '../api/admin-api.ts';
import { AddStudentDialog } from './add-student-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { useMessageStudent } from './messages-tab.tsx';
import { StudentCertificatesDialog } from './student-certificates-dialog.tsx';

const PAGE_SIZE = 25;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

const fullName = (s: AdminStudent) => [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;

export function StudentsTab({
  onOpenConversation,
}: {
  onOpenConversation: (conversationId: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), 250);
  // A new search starts again from the first page.
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }
  const { data, isLoading, isFetching } = useStudents({ search: debounced, page, pageSize: PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const message = useMessageStudent(onOpenConversation);

  return (
    <div className="grid [&>*]:min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            aria-label="Search students"
            placeholder="Search by name or email"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <AddStudentDialog />
      </div>

      {isLoading ? (
        <div className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : !data?.students.length ? (
        <EmptyState icon={Users} title="No students found">
          {debounced ? 'Try another name or email.' : 'Add a student to get started.'}
        </EmptyState>
      ) : (
        <div className={isFetching ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
          {/* Phones: one card per student. */}
          <ul className="grid [&>*]:min-w-0 gap-3 md:hidden">
            {data.students.map((s) => (
              <li key={s.id} className="rounded-xl border border-border bg-card p-4 shadow-card">
                <div className="flex items-start gap-3">
                  <Avatar
                    firstName={s.firstName}
                    lastName={s.lastName}
                    email={s.email}
                    imageUrl={s.profileImageUrl}
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{fullName(s)}</p>
                    <p className="truncate text-sm text-muted-foreground">{s.email}</p>
                  </div>
                  <StudentActions student={s} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm [&>div]:min-w-0">
                  <div>
                    <dt className="text-xs text-muted-foreground">Status</dt>
                    <dd>
                      <StatusBadge active={s.isActive} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Joined</dt>
                    <dd>{formatDate(s.createdAt)}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-xs text-muted-foreground">Last Active</dt>
                    <dd>{s.lastActiveAt ? formatDateTime(s.lastActiveAt) : 'Never'}</dd>
                  </div>
                  {s.courses.length ? (
                    <div className="col-span-2">
                      <dt className="text-xs text-muted-foreground">Courses</dt>
                      <dd className="truncate">{s.courses.map((c) => c.title).join(', ')}</dd>
                    </div>
                  ) : null}
                </dl>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-3 w-full"
                  disabled={message.isPending}
                  onClick={() => message.mutate(s.id)}
                >
                  <MessageSquare /> Message
                </Button>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto rounded-xl border border-border bg-card shadow-card md:block">
            <table className="w-full text-sm">
              <thead className="border-b border-border bg-muted/60 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                <tr>
                  <th className="px-4 py-3">Student</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3">Joined</th>
                  <th className="px-4 py-3">Last Active</th>
                  <th className="px-4 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.students.map((s) => (
                  <tr key={s.id} className="hover:bg-muted/40">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <Avatar
                          firstName={s.firstName}
                          lastName={s.lastName}
                          email={s.email}
                          imageUrl={s.profileImageUrl}
                        />
                        <div className="min-w-0">
                          <p className="truncate font-medium">{fullName(s)}</p>
                          <p className="truncate text-muted-foreground">{s.email}</p>
                          {s.courses.length ? (
                            <p className="truncate text-xs text-muted-foreground">
                              {s.courses.map((c) => c.title).join(', ')}
                            </p>
                          ) : null}
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge active={s.isActive} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDate(s.createdAt)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {s.lastActiveAt ? formatDateTime(s.lastActiveAt) : 'Never'}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex items-center justify-end gap-1">
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={message.isPending}
                          onClick={() => message.mutate(s.id)}
                        >
                          <MessageSquare /> Message
                        </Button>
                        <StudentActions student={s} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <span className="whitespace-nowrap">
              {plural(data.total, 'student')} · page {page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft /> Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next <ChevronRight />
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Inactive</Badge>;
}

type Pending = 'deactivate' | 'resend' | 'reset' | 'enrol' | 'certificates' | null;

function StudentActions({ student }: { student: AdminStudent }) {
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [courseId, setCourseId] = useState('');
  const { data: courses = [] } = useCourses();
  const done = (message: string) => {
    successToast(message);
    setPending(null);
    void client.invalidateQueries({ queryKey: adminKeys.students });
    void client.invalidateQueries({ queryKey: adminKeys.stats });
  };
  const run = useMutation({
    mutationFn: async (action: Exclude<Pending, null | 'certificates'> | 'reactivate') => {
      await adminApi.studentAction(student.id, action, courseId);
      return action;
    },
    onSuccess: (action) =>
      done(
        {
          deactivate: 'Student deactivated and signed out',
          reactivate: 'Student reactivated',
          resend: 'New temporary password emailed',
          reset: 'Quiz attempts reset',
          enrol: 'Student enrolled and notified by email',
        }[action],
      ),
    onError: (error) => errorToast('Failed to update student', error),
  });
  const name = fullName(student);
  const available = courses.filter((c) => !student.courses.some((e) => e.id === c.id));
  const item =
    'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground';

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${name}`}>
            <MoreVertical />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-lg border border-border bg-popover p-1 shadow-raised"
          >
            {student.isActive ? (
              <DropdownMenu.Item className={item} onSelect={() => setPending('deactivate')}>
                <UserX /> Deactivate
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={item} onSelect={() => run.mutate('reactivate')}>
                <UserCheck /> Reactivate
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={item} onSelect={() => setPending('resend')}>
              <KeyRound /> Resend credentials
            </DropdownMenu.Item>
            <DropdownMenu.Item className={item} onSelect={() => setPending('enrol')}>
              <BookPlus /> Enrol in another course
            </DropdownMenu.Item>
            <DropdownMenu.Item className={item} onSelect={() => setPending('reset')}>
              <RotateCcw /> Reset quiz attempts
            </DropdownMenu.Item>
            <DropdownMenu.Item className={item} onSelect={() => setPending('certificates')}>
              <Award /> Certificates
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <ConfirmDialog
        open={pending === 'deactivate'}
        onOpenChange={(o) => !o && setPending(null)}
        title={`Deactivate ${name}?`}
        description="They are signed out at once and cannot sign in until reactivated. Their progress is kept."
        confirmLabel="Deactivate"
        busy={run.isPending}
        onConfirm={() => run.mutate('deactivate')}
      />
      <ConfirmDialog
        open={pending === 'resend'}
        onOpenChange={(o) => !o && setPending(null)}
        title={`Resend credentials to ${student.email}?`}
        description="A new temporary password replaces the current one and is emailed; the student is signed out everywhere."
        confirmLabel="Send new password"
        busy={run.isPending}
        onConfirm={() => run.mutate('resend')}
      />
      <ConfirmDialog
        open={pending === 'reset'}
        onOpenChange={(o) => !o && setPending(null)}
        title={`Reset ${name}'s quiz attempts?`}
        description="Every quiz attempt of this student is removed so they can take the quizzes afresh."
        confirmLabel="Reset attempts"
        busy={run.isPending}
        onConfirm={() => run.mutate('reset')}
      />
      <StudentCertificatesDialog
        userId={student.id}
        name={name}
        open={pending === 'certificates'}
        onOpenChange={(o) => !o && setPending(null)}
      />
      <Dialog open={pending === 'enrol'} onOpenChange={(o) => !o && setPending(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Enrol {name}</DialogTitle>
            <DialogDescription>The student gets access at once and an email saying so.</DialogDescription>
          </DialogHeader>
          {available.length ? (
            <Select aria-label="Course" value={courseId} onChange={(e) => setCourseId(e.target.value)}>
              <option value="">Select a course</option>
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </Select>
          ) : (
            <p className="text-sm text-muted-foreground">This student is already enrolled in every course.</p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button disabled={!courseId || run.isPending} onClick={() => run.mutate('enrol')}>
              Enrol
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
