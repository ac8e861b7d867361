import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CalendarDays, MessageSquare, TrendingUp, Trophy, Video } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useUnreadCount } from '#client/components/messaging/messaging-api.ts';
import { MessagingPanel } from '#client/components/messaging/messaging-panel.tsx';
import { useMessageStream } from '#client/components/messaging/use-message-stream.ts';
import { NotificationsBell } from '#client/components/notifications/notifications-bell.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { getErrorCode } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { UPCOMING_SESSION_DAYS } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { useModules, useTopics, useUpcomingSessions, useUserCourses } from '../api/learning.ts';
import { ApprenticeshipLink } from '../components/apprenticeship-link.tsx';
import { ModuleList } from '../components/module-list.tsx';
import { SessionCard } from '../components/session-card.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { StartConversation } from '../components/start-conversation.tsx';
import { TopicList } from '../components/topic-list.tsx';
import { type RenderPackage, TopicView } from '../components/topic-view.tsx';

const TABS = ['modules', 'sessions', 'messages'] as const;
type Tab = (typeof TABS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the student is, kept in the query string so a reload (or a shared link) lands in the same place. */
function usePortalState() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const tabParam = params.get('tab') as Tab | null;
  const state = {
    tab: tabParam && TABS.includes(tabParam) ? tabParam : ('modules' as Tab),
    course: params.get('course'),
    module: params.get('module'),
    topic: params.get('topic'),
    conversation: params.get('conversation'),
  };
  function set(next: Partial<Record<keyof typeof state, string | null>>, replace = false) {
    const merged = { ...state, ...next };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value && !(key === 'tab' && value === 'modules')) out.set(key, value);
    }
    const query = out.toString();
    navigate(`${path}${query ? `?${query}` : ''}`, { replace });
  }
  return [state, set] as const;
}

const NOT_ENROLLED = 'You are not enrolled in a course yet. Once you are, your training modules appear here.';

interface DashboardSlots {
  /** Cards other features add to the side panel. */
  sidePanelExtra?: ReactNode;
  /** Notices above the stats (e.g. invitations to answer). */
  notices?: ReactNode;
  /** What the empty course list says instead of "not enrolled yet", given that text as a fallback. */
  noCourses?: (fallback: string) => ReactNode;
  /** The SCORM player, from the scorm feature. */
  renderPackage?: RenderPackage;
}

/** The portal; other features fill its slots (composed in app/student-dashboard.tsx). */
export function StudentDashboardPage(slots: DashboardSlots) {
  const { user } = useAuth();
  useDocumentTitle('My Dashboard');
  if (!user) return <PageLoader label="Loading your dashboard..." />;
  return <Dashboard user={user} {...slots} />;
}

function Dashboard({
  user,
  sidePanelExtra,
  notices,
  noCourses,
  renderPackage,
}: DashboardSlots & { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [state, set] = usePortalState();
  const courses = useUserCourses();
  const courseId = state.course ?? courses.data?.[0]?.id ?? null;
  const modules = useModules(courseId, courses.isSuccess);
  const topics = useTopics(state.module);
  const sessions = useUpcomingSessions();
  const unread = useUnreadCount();
  useMessageStream();

  const moduleList = modules.data ?? [];
  const completed = moduleList.filter((m) => m.isCompleted).length;
  const overall = moduleList.length
    ? Math.round(moduleList.reduce((sum, m) => sum + Number(m.progressPercentage), 0) / moduleList.length)
    : 0;
  const now = Date.now();
  const nextWeek = (sessions.data ?? []).filter(
    (s) => new Date(s.startTime).getTime() <= now + UPCOMING_SESSION_DAYS * DAY_MS,
  ).length;
  const firstName = user.firstName?.trim() || 'Student';
  const unreadCount = unread.data?.count ?? 0;
  const currentModule = moduleList.find((m) => m.id === state.module);

  // Opening a module or topic shows it from its top, not from wherever the list was scrolled to.
  const place = `${state.module}/${state.topic}`;
  useEffect(() => {
    if (place && window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [place]);

  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader
        user={user}
        showAdminBadge={user.role === 'admin'}
        notifications={<NotificationsBell />}
      />
      <main
        id="main"
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-navy-900 sm:text-3xl">
              Welcome back, {firstName}!
            </h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {user.role === 'admin'
                ? 'You are viewing the student portal with every course open.'
                : 'Pick up where you left off.'}
            </p>
          </div>
          {courses.data && courses.data.length > 1 ? (
            <div className="flex flex-col gap-1 sm:w-72">
              <Label htmlFor="course-switcher">Course</Label>
              <Select
                id="course-switcher"
                value={courseId ?? ''}
                onChange={(e) => set({ course: e.target.value, module: null, topic: null })}
              >
                {courses.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </Select>
            </div>
          ) : courses.data?.[0] ? (
            <p className="text-sm font-medium text-navy-700">{courses.data[0].title}</p>
          ) : null}
        </div>

        {notices}

        <ApprenticeshipLink />

        <section aria-label="Your stats" className="grid grid-cols-3 gap-2 sm:gap-4">
          <StatCard
            icon={Trophy}
            label="Modules Completed"
            value={modules.isSuccess ? `${completed}/${moduleList.length}` : null}
          />
          <StatCard
            icon={TrendingUp}
            label="Overall Progress"
            value={modules.isSuccess ? `${overall}%` : null}
          />
          <StatCard
            icon={CalendarDays}
            label="Upcoming Sessions"
            value={sessions.isSuccess ? String(nextWeek) : null}
            hint="Next 7 days"
          />
        </section>

        <Tabs value={state.tab} onValueChange={(tab) => set({ tab })}>
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="modules" className="flex-1 sm:flex-none">
              <BookOpen aria-hidden="true" />
              <span className="sm:hidden">Modules</span>
              <span className="hidden sm:inline">Training Modules</span>
            </TabsTrigger>
            <TabsTrigger value="sessions" className="flex-1 sm:flex-none">
              <Video aria-hidden="true" />
              Sessions
            </TabsTrigger>
            <TabsTrigger value="messages" className="flex-1 sm:flex-none">
              <MessageSquare aria-hidden="true" />
              Messages
              {unreadCount > 0 ? (
                <span className="rounded-full bg-accent px-1.5 text-xs leading-5 font-bold text-accent-foreground">
                  <span className="sr-only">, unread: </span>
                  {unreadCount}
                </span>
              ) : null}
            </TabsTrigger>
          </TabsList>

          <TabsContent value="modules">
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="min-w-0">
                {state.topic ? (
                  <TopicView
                    key={state.topic}
                    topicId={state.topic}
                    onBack={() => {
                      set({ topic: null });
                      void queryClient.invalidateQueries({ queryKey: ['/api/modules'] });
                    }}
                    onOpenTopic={(topic) => set({ topic })}
                    renderPackage={renderPackage}
                  />
                ) : state.module ? (
                  <TopicList
                    module={currentModule}
                    topics={topics.data}
                    isLoading={topics.isLoading}
                    onBack={() => set({ module: null })}
                    onOpen={(topic) => set({ topic })}
                  />
                ) : modules.isLoading || courses.isLoading ? (
                  <div className="flex flex-col gap-3">
                    <Skeleton className="h-32" />
                    <Skeleton className="h-32" />
                  </div>
                ) : modules.isError && getErrorCode(modules.error) === 'PAYMENT_OVERDUE' ? (
                  <Card className="p-8 text-center text-sm text-navy-950" role="status">
                    Payment overdue: this course is paused until the overdue payment is made. Your progress is
                    kept.
                  </Card>
                ) : moduleList.length === 0 ? (
                  <Card className="p-8 text-center text-sm text-muted-foreground">
                    {courses.data?.length
                      ? 'This course has no modules yet.'
                      : (noCourses?.(NOT_ENROLLED) ?? NOT_ENROLLED)}
                  </Card>
                ) : (
                  <ModuleList modules={moduleList} onOpen={(module) => set({ module, topic: null })} />
                )}
              </div>
              <SidePanel sessions={sessions.data ?? []} modules={moduleList} extra={sidePanelExtra} />
            </div>
          </TabsContent>

          <TabsContent value="sessions">
            {sessions.isLoading ? (
              <Skeleton className="h-32" />
            ) : (sessions.data ?? []).length === 0 ? (
              <Card className="p-8 text-center text-sm text-muted-foreground">No upcoming sessions.</Card>
            ) : (
              <div className="grid gap-3 md:grid-cols-2">
                {sessions.data?.map((s) => (
                  <SessionCard key={s.id} session={s} />
                ))}
              </div>
            )}
          </TabsContent>

          <TabsContent value="messages">
            <MessagingPanel
              myId={user.id}
              selectedId={state.conversation}
              onSelect={(conversation) => set({ conversation })}
              actions={
                user.role === 'admin' ? null : (
                  <StartConversation onStarted={(conversation) => set({ conversation })} />
                )
              }
            />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: typeof Trophy;
  label: string;
  value: string | null;
  hint?: string;
}) {
  return (
    <Card className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-safety-100 text-safety-700 sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="order-2 text-xs leading-tight text-muted-foreground sm:order-1 sm:text-sm">{label}</p>
        {value === null ? (
          <Skeleton className="order-1 mt-1 h-7 w-16 sm:order-2" />
        ) : (
          <p className="order-1 text-xl font-bold text-navy-900 sm:order-2 sm:text-2xl">{value}</p>
        )}
        {hint ? <p className="order-3 text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </Card>
  );
}
