import {
  BadgePercent,
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardList,
  FolderOpen,
  GraduationCap,
  LayoutDashboard,
  Mail,
  MessageSquare,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  Star,
  UserCog,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useUnreadCount } from '#client/components/messaging/messaging-api.ts';
import { useMessageStream } from '#client/components/messaging/use-message-stream.ts';
import { NotificationsBell } from '#client/components/notifications/notifications-bell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { displayName, useAuth } from '#client/lib/auth.ts';
import { type AdminTab, type PageTab, tabsFor } from '../admin-tab.ts';
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
const PaymentsTab = lazy(() =>
  import('../components/payments-tab.tsx').then((m) => ({ default: m.PaymentsTab })),
);
const TeamsTab = lazy(() => import('../components/teams-tab.tsx').then((m) => ({ default: m.TeamsTab })));
const StorefrontTab = lazy(() =>
  import('../components/storefront-tab.tsx').then((m) => ({ default: m.StorefrontTab })),
);
const DiscountsTab = lazy(() =>
  import('../components/discounts-tab.tsx').then((m) => ({ default: m.DiscountsTab })),
);
const CaseloadTab = lazy(() =>
  import('../components/caseload-tab.tsx').then((m) => ({ default: m.CaseloadTab })),
);
const CaseloadSessionsTab = lazy(() =>
  import('../components/caseload-sessions-tab.tsx').then((m) => ({ default: m.CaseloadSessionsTab })),
);
const StaffTab = lazy(() => import('../components/staff-tab.tsx').then((m) => ({ default: m.StaffTab })));
const AuditTab = lazy(() => import('../components/audit-tab.tsx').then((m) => ({ default: m.AuditTab })));
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
const PAGE_TABS: Record<PageTab, string> = { apprentices: '/admin/apprentices' };

const TABS: { value: AdminTab | PageTab; label: string; icon: typeof Users }[] = [
  { value: 'caseload', label: 'Caseload', icon: ClipboardList },
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'students', label: 'Students', icon: Users },
  { value: 'messages', label: 'Messages', icon: MessageSquare },
  { value: 'content', label: 'Content', icon: FolderOpen },
  { value: 'analytics', label: 'Analytics', icon: BarChart3 },
  { value: 'sessions', label: 'Live Sessions', icon: CalendarDays },
  { value: 'caseloadSessions', label: 'Live Sessions', icon: CalendarDays },
  { value: 'apprentices', label: 'Apprentices', icon: GraduationCap },
  { value: 'teams', label: 'Teams', icon: Building2 },
  { value: 'payments', label: 'Payments', icon: ReceiptText },
  { value: 'storefront', label: 'Storefront', icon: Star },
  { value: 'discounts', label: 'Discounts', icon: BadgePercent },
  { value: 'staff', label: 'Staff', icon: UserCog },
  { value: 'audit', label: 'Audit', icon: ScrollText },
];

export function AdminDashboardPage() {
  const { user } = useAuth();
  // Each member of staff sees only the tabs their roles allow (docs/staff.md); the first is their landing page
  // (a tutor's caseload, an instructor's content, finance's team orders).
  const order = tabsFor(user?.roles ?? []);
  const allowed = new Set(order);
  // A tutor who also teaches has both session tabs: the caseload's is named apart.
  const tabs = order
    .flatMap((value) => TABS.filter((t) => t.value === value))
    .map((t) =>
      t.value === 'caseloadSessions' && allowed.has('sessions') ? { ...t, label: 'Caseload Sessions' } : t,
    );
  const first = tabs.find((t) => !(t.value in PAGE_TABS))?.value as AdminTab | undefined;
  const [chosen, setTab] = useState<AdminTab | null>(null);
  const tab = chosen && allowed.has(chosen) ? chosen : (first ?? 'overview');
  const [, navigate] = useLocation();
  const [conversationId, setConversationId] = useState<string | null>(null);
  // Live updates and the unread total, as on the student side.
  useMessageStream();
  const unread = useUnreadCount().data?.count ?? 0;
  if (!user) return <PageLoader label="Loading admin dashboard..." />;
  const isAdmin = user.role === 'admin';
  const show = (value: AdminTab) => allowed.has(value);

  const openConversation = (id: string) => {
    setConversationId(id);
    setTab('messages');
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge={isAdmin} notifications={<NotificationsBell />} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
              {isAdmin ? 'Admin Dashboard' : 'Staff Dashboard'}
            </h1>
            <p className="text-sm text-muted-foreground">
              Welcome back, {displayName(user)}.{' '}
              {isAdmin ? 'Manage students, courses and messages.' : roleLine(user.roles)}
            </p>
          </div>
          {isAdmin ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <Link href="/admin/data-requests">
                  <ShieldCheck /> Data requests
                </Link>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <Link href="/admin/mailbox">
                  <Mail /> Mailbox
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
        <Tabs
          value={tab}
          // The arrow keys move along the tabs and Enter or Space opens one (WAI-ARIA's manual activation): most
          // panels load data, and Apprentices is a page of its own, so arrowing past it must not leave the console.
          activationMode="manual"
          onValueChange={(v) =>
            v in PAGE_TABS ? navigate(PAGE_TABS[v as keyof typeof PAGE_TABS]) : setTab(v as AdminTab)
          }
        >
          <TabsList
            // The admin's eleven tabs wrap onto a second row rather than run off a laptop screen; on a phone they
            // are a grid, two columns below 360 px (320 px is 400% zoom, README 'Accessibility').
            className={`grid h-auto w-full sm:inline-flex sm:w-auto sm:flex-wrap ${tabs.length < 3 ? 'grid-cols-2' : 'grid-cols-2 min-[360px]:grid-cols-3'}`}
          >
            {tabs.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-9 px-2 sm:px-3 [&_svg]:shrink-0">
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
          {show('overview') ? (
            <TabsContent value="overview">
              <OverviewTab onNavigate={setTab} />
            </TabsContent>
          ) : null}
          <Suspense fallback={<TabFallback />}>
            {show('caseload') ? (
              <TabsContent value="caseload">
                <CaseloadTab />
              </TabsContent>
            ) : null}
            {show('students') ? (
              <TabsContent value="students">
                <StudentsTab onOpenConversation={openConversation} />
              </TabsContent>
            ) : null}
            {show('messages') ? (
              <TabsContent value="messages">
                <MessagesTab myId={user.id} selectedId={conversationId} onSelect={setConversationId} />
              </TabsContent>
            ) : null}
            {show('content') ? (
              <TabsContent value="content">
                <ContentTab />
              </TabsContent>
            ) : null}
            {show('analytics') ? (
              <TabsContent value="analytics">
                <AnalyticsTab />
              </TabsContent>
            ) : null}
            {show('sessions') ? (
              <TabsContent value="sessions">
                <LiveSessionsTab />
              </TabsContent>
            ) : null}
            {show('caseloadSessions') ? (
              <TabsContent value="caseloadSessions">
                <CaseloadSessionsTab />
              </TabsContent>
            ) : null}
            {show('teams') ? (
              <TabsContent value="teams">
                <TeamsTab />
              </TabsContent>
            ) : null}
            {show('payments') ? (
              <TabsContent value="payments">
                <PaymentsTab />
              </TabsContent>
            ) : null}
            {show('storefront') ? (
              <TabsContent value="storefront">
                <StorefrontTab />
              </TabsContent>
            ) : null}
            {show('discounts') ? (
              <TabsContent value="discounts">
                <DiscountsTab />
              </TabsContent>
            ) : null}
            {show('staff') ? (
              <TabsContent value="staff">
                <StaffTab />
              </TabsContent>
            ) : null}
            {show('audit') ? (
              <TabsContent value="audit">
                <AuditTab />
              </TabsContent>
            ) : null}
          </Suspense>
        </Tabs>
      </main>
    </div>
  );
}

const ROLE_LINES: Record<string, string> = {
  tutor: 'Your caseload of apprentices comes first.',
  instructor: 'Edit your courses and run their live sessions.',
  finance: 'Team orders, invoices and payments.',
};

function roleLine(roles: readonly string[]): string {
  return roles
    .map((r) => ROLE_LINES[r])
    .filter(Boolean)
    .join(' ');
}
