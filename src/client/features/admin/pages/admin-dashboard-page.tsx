import {
  BarChart3,
  Building2,
  CalendarDays,
  FolderOpen,
  GraduationCap,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Star,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NotificationsButton } from '#client/components/layout/notifications-button.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useUnreadCount } from '#client/components/messaging/messaging-api.ts';
import { useMessageStream } from '#client/components/messaging/use-message-stream.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { displayName, useAuth } from '#client/lib/auth.ts';
import type { AdminTab } from '../admin-tab.ts';
import { OverviewTab } from '../components/overview-tab.tsx';

// Each tab but the first is its own chunk, fetched when opened; recharts only with Analytics (docs/decisions/0009-wouter-lazy-chunks.md).
const StudentsTab = lazy(() =>
  import('../components/students-tab.tsx').then((m) => ({ default: m.StudentsTab })),
);
const MessagesTab = lazy(() =>
  import('../components/messages-tab.tsx').then((m) => ({ default: m.MessagesTab })),
);
const ContentTab = lazy(() =>
  import('../components/content-tab.tsx').then((m) => ({ default: m.ContentTab })),
);
const LiveSessionsTab = lazy(() =>
  import('../components/live-sessions-tab.tsx').then((m) => ({ default: m.LiveSessionsTab })),
);
const TeamsTab = lazy(() => import('../components/teams-tab.tsx').then((m) => ({ default: m.TeamsTab })));
const StorefrontTab = lazy(() =>
  import('../components/storefront-tab.tsx').then((m) => ({ default: m.StorefrontTab })),
);
const AnalyticsTab = lazy(() =>
  import('../components/analytics-tab.tsx').then((m) => ({ default: m.AnalyticsTab })),
);

function TabFallback() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading..." showLabel />
    </div>
  );
}

/** Tabs that are pages of their own (another feature's screen, its own chunk): choosing one goes there. */
const PAGE_TABS = { apprentices: '/admin/apprentices' } as const;

const TABS: { value: AdminTab | keyof typeof PAGE_TABS; label: string; icon: typeof Users }[] = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'students', label: 'Students', icon: Users },
  { value: 'messages', label: 'Messages', icon: MessageSquare },
  { value: 'content', label: 'Content', icon: FolderOpen },
  { value: 'analytics', label: 'Analytics', icon: BarChart3 },
  { value: 'sessions', label: 'Live Sessions', icon: CalendarDays },
  { value: 'apprentices', label: 'Apprentices', icon: GraduationCap },
  { value: 'teams', label: 'Teams', icon: Building2 },
  { value: 'storefront', label: 'Storefront', icon: Star },
];

export function AdminDashboardPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<AdminTab>('overview');
  const [, navigate] = useLocation();
  const [conversationId, setConversationId] = useState<string | null>(null);
  // Live updates and the unread total, as on the student side.
  useMessageStream();
  const unread = useUnreadCount().data?.count ?? 0;
  if (!user) return <PageLoader label="Loading admin dashboard..." />;

  const openConversation = (id: string) => {
    setConversationId(id);
    setTab('messages');
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader
        user={user}
        showAdminBadge
        notifications={<NotificationsButton count={unread} onClick={() => setTab('messages')} />}
      />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Admin Dashboard</h1>
            <p className="text-sm text-muted-foreground">
              Welcome back, {displayName(user)}. Manage students, courses and messages.
            </p>
          </div>
          <Button variant="outline" size="sm" asChild>
            <Link href="/admin/mailbox">
              <Mail /> Mailbox
            </Link>
          </Button>
        </div>
        <Tabs
          value={tab}
          onValueChange={(v) =>
            v in PAGE_TABS ? navigate(PAGE_TABS[v as keyof typeof PAGE_TABS]) : setTab(v as AdminTab)
          }
        >
          <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-11 sm:w-auto">
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-9 px-2 sm:h-full sm:px-3">
                <Icon aria-hidden="true" />
                {label}
                {value === 'messages' && unread > 0 ? (
                  <span className="rounded-full bg-accent px-1.5 text-[10px] leading-4 font-bold text-accent-foreground">
                    {unread}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab onNavigate={setTab} />
          </TabsContent>
          <Suspense fallback={<TabFallback />}>
            <TabsContent value="students">
              <StudentsTab onOpenConversation={openConversation} />
            </TabsContent>
            <TabsContent value="messages">
              <MessagesTab myId={user.id} selectedId={conversationId} onSelect={setConversationId} />
            </TabsContent>
            <TabsContent value="content">
              <ContentTab />
            </TabsContent>
            <TabsContent value="analytics">
              <AnalyticsTab />
            </TabsContent>
            <TabsContent value="sessions">
              <LiveSessionsTab />
            </TabsContent>
            <TabsContent value="teams">
              <TeamsTab />
            </TabsContent>
            <TabsContent value="storefront">
              <StorefrontTab />
            </TabsContent>
          </Suspense>
        </Tabs>
      </main>
    </div>
  );
}
