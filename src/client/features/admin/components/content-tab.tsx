import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  BookOpen,
  ChevronRight,
  Clock,
  ExternalLink,
  Layers,
  Pencil,
  Plus,
  Settings2,
  Trash2,
  UserCog,
} from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { formatMinutes, formatPrice, formatSalary, formatWeeks, plural } from '#shared/format.ts';
import type { AdminCourse, AdminModule } from '#shared/schemas/admin-content.ts';
import {
  adminApi,
  adminKeys,
  errorToast,
  refreshContent,
  successToast,
  useCourses,
  useModules,
} from '../api/admin-api.ts';
import { CourseDialog } from './course-dialog.tsx';
import { CourseProgressDialog } from './course-progress-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { InstructorsDialog } from './instructors-dialog.tsx';
import { ModuleDialog } from './module-topic-dialogs.tsx';
import { type Deletable, SectionHeader, TopicList } from './topic-list.tsx';

/** Courses → a course's modules → a module's topics (docs/product.md#admin-console). */
export function ContentTab() {
  const [course, setCourse] = useState<AdminCourse | null>(null);
  const [module, setModule] = useState<AdminModule | null>(null);
  const [deleting, setDeleting] = useState<Deletable | null>(null);
  const client = useQueryClient();

  const remove = useMutation({
    mutationFn: (target: Deletable) => adminApi.deleteContent(target.kind, target.id),
    onSuccess: (_data, target) => {
      successToast(`${target.kind.charAt(0).toUpperCase()}${target.kind.slice(1)} deleted successfully`);
      refreshContent(client);
      if (course) void client.invalidateQueries({ queryKey: adminKeys.modules(course.id) });
      if (module) void client.invalidateQueries({ queryKey: adminKeys.topics(module.id) });
      setDeleting(null);
    },
    onError: (error, target) => {
      errorToast(`Failed to delete ${target.kind}`, error);
      setDeleting(null);
    },
  });

  return (
    <div className="grid [&>*]:min-w-0 gap-4">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm">
        <Crumb
          active={!course}
          onClick={() => {
            setCourse(null);
            setModule(null);
          }}
        >
          Courses
        </Crumb>
        {course ? (
          <>
            <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            <Crumb active={!module} onClick={() => setModule(null)}>
              {course.title}
            </Crumb>
          </>
        ) : null}
        {module ? (
          <>
            <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            <Crumb active>{module.title}</Crumb>
          </>
        ) : null}
      </nav>
      {!course ? (
        <CourseList onManage={setCourse} onDelete={setDeleting} />
      ) : !module ? (
        <ModuleList course={course} onSelect={setModule} onDelete={setDeleting} />
      ) : (
        <TopicList module={module} onModuleChanged={setModule} onDelete={setDeleting} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Are you sure you want to delete the ${deleting.kind} "${deleting.name}"?` : ''}
        description="This action cannot be undone."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

function Crumb({ active, onClick, children }: { active?: boolean; onClick?: () => void; children: string }) {
  if (active)
    return (
      <span aria-current="page" className="max-w-[16rem] truncate font-semibold text-navy-900">
        {children}
      </span>
    );
  return (
    <button
      type="button"
      onClick={onClick}
      className="max-w-[12rem] cursor-pointer truncate font-medium text-navy-600 hover:underline"
    >
      {children}
    </button>
  );
}

function CourseList({
  onManage,
  onDelete,
}: {
  onManage: (c: AdminCourse) => void;
  onDelete: (d: Deletable) => void;
}) {
  const { data: courses, isLoading } = useCourses();
  // Instructors see their own courses and edit their content; course details, instructors and deletion are
  // the admin's (docs/staff.md).
  const { isAdmin } = useAuth();
  const [assigning, setAssigning] = useState<AdminCourse | null>(null);
  const [watching, setWatching] = useState<AdminCourse | null>(null);
  const [filter, setFilter] = useState<'all' | 'fundamental' | 'upskill'>('all');
  const [editing, setEditing] = useState<AdminCourse | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The server already sorts Fundamental before Upskill, then by order.
  const shown = (courses ?? []).filter((c) => filter === 'all' || c.courseType === filter);

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <label htmlFor="course-filter" className="text-sm font-medium">
            Type
          </label>
          <Select
            id="course-filter"
            className="h-10 w-44"
            value={filter}
            onChange={(e) => setFilter(e.target.value as typeof filter)}
          >
            <option value="all">All courses</option>
            <option value="fundamental">Fundamental</option>
            <option value="upskill">Upskill</option>
          </Select>
        </div>
        {isAdmin ? (
          <Button
            onClick={() => {
              setEditing(undefined);
              setDialogOpen(true);
            }}
          >
            <Plus /> Create Course
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <div className="grid [&>*]:min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : !shown.length ? (
        <EmptyState icon={BookOpen} title="No courses yet">
          Create a course to start adding modules and topics.
        </EmptyState>
      ) : (
        <ul className="grid [&>*]:min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((c) => (
            <li key={c.id} className="flex flex-col rounded-xl border border-border bg-card p-5 shadow-card">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={c.courseType === 'upskill' ? 'accent' : 'secondary'}>
                  {c.courseType === 'upskill' ? 'Upskill' : 'Fundamental'}
                </Badge>
                {!c.isActive ? <Badge variant="destructive">Inactive</Badge> : null}
                {c.isFeatured ? <Badge variant="success">Featured</Badge> : null}
                <span className="ml-auto text-xs text-muted-foreground">Order {c.order}</span>
              </div>
              <h3 className="mt-3 text-lg font-semibold leading-snug text-navy-900">{c.title}</h3>
              <p className="mt-1 line-clamp-3 text-sm text-muted-foreground">{c.description}</p>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Avg. salary</dt>
                <dd className="text-right font-medium">
                  {c.avgSalary ? `${formatSalary(c.avgSalary)}/yr` : '—'}
                </dd>
                <dt className="text-muted-foreground">Price</dt>
                <dd className="text-right font-medium">{formatPrice(c.price)}</dd>
                <dt className="text-muted-foreground">Duration</dt>
                <dd className="text-right font-medium">{formatWeeks(c.estimatedDuration)}</dd>
                <dt className="text-muted-foreground">Modules · students</dt>
                <dd className="text-right font-medium">
                  {c.moduleCount} · {c.enrolmentCount}
                </dd>
                <dt className="text-muted-foreground">Videos captioned</dt>
                <dd
                  className={
                    c.captionedVideoCount < c.videoCount
                      ? 'text-right font-medium text-amber-800'
                      : 'text-right font-medium'
                  }
                >
                  {c.captionedVideoCount} of {c.videoCount}
                </dd>
              </dl>
              {/* One column at 320 px (400% zoom), where two buttons side by side no longer fit their labels. */}
              <div className="mt-4 grid gap-2 border-t border-border pt-4 min-[360px]:grid-cols-2">
                <Button variant="outline" size="sm" asChild>
                  <a href={`/courses/${c.id}`} target="_blank" rel="noreferrer">
                    <ExternalLink /> View Course
                  </a>
                </Button>
                <Button size="sm" onClick={() => onManage(c)}>
                  <Settings2 /> Manage
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-[360px]:col-span-2"
                  onClick={() => setWatching(c)}
                  aria-label={`Student progress: ${c.title}`}
                >
                  <BarChart3 /> Student progress
                </Button>
                {isAdmin ? (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setEditing(c);
                        setDialogOpen(true);
                      }}
                    >
                      <Pencil /> Edit Info
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete({ kind: 'course', id: c.id, name: c.title })}
                    >
                      <Trash2 /> Delete
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="min-[360px]:col-span-2"
                      onClick={() => setAssigning(c)}
                    >
                      <UserCog /> Instructors
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CourseDialog open={dialogOpen} onOpenChange={setDialogOpen} course={editing} />
      {assigning ? <InstructorsDialog course={assigning} onClose={() => setAssigning(null)} /> : null}
      {watching ? <CourseProgressDialog course={watching} onClose={() => setWatching(null)} /> : null}
    </>
  );
}

function ModuleList({
  course,
  onSelect,
  onDelete,
}: {
  course: AdminCourse;
  onSelect: (m: AdminModule) => void;
  onDelete: (d: Deletable) => void;
}) {
  const { data: modules, isLoading } = useModules(course.id);
  const [open, setOpen] = useState(false);
  const nextOrder = (modules ?? []).reduce((n, m) => Math.max(n, m.order + 1), 1);
  return (
    <>
      <SectionHeader
        title={course.title}
        subtitle="Modules"
        action={
          <Button onClick={() => setOpen(true)}>
            <Plus /> Add Module
          </Button>
        }
      />
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : !modules?.length ? (
        <EmptyState icon={Layers} title="No modules yet">
          Add the first module of this course.
        </EmptyState>
      ) : (
        <ul className="grid [&>*]:min-w-0 gap-3">
          {modules.map((m) => (
            <li
              key={m.id}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:flex-row sm:items-center"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-900 font-bold text-white">
                {m.order}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold text-navy-900">{m.title}</h3>
                <p className="line-clamp-2 text-sm text-muted-foreground">{m.description}</p>
                <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="size-3.5" /> {formatMinutes(m.duration)}
                  </span>
                  <span>Order {m.order}</span>
                  <span>{plural(m.topicCount, 'topic')}</span>
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" onClick={() => onSelect(m)}>
                  <Pencil /> Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  onClick={() => onDelete({ kind: 'module', id: m.id, name: m.title })}
                >
                  <Trash2 /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ModuleDialog open={open} onOpenChange={setOpen} parentId={course.id} nextOrder={nextOrder} />
    </>
  );
}
