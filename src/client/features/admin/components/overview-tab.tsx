import {
  BarChart3,
  BookOpen,
  CalendarPlus,
  CheckCircle2,
  FolderOpen,
  Mail,
  TrendingUp,
  UserCheck,
  Users,
} from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { AdminTab } from '../admin-tab.ts';
import { useStats } from '../api/admin-api.ts';
import { StatCard } from './empty-state.tsx';
import { MailBacklog } from './mail-backlog.tsx';
import { PopularResources } from './popular-resources.tsx';

export function OverviewTab({ onNavigate }: { onNavigate: (tab: AdminTab) => void }) {
  const { data: stats, isLoading } = useStats();
  const value = (n: number | undefined, suffix = '') =>
    isLoading || n === undefined ? <Skeleton className="h-8 w-16" /> : `${n}${suffix}`;
  return (
    <div className="grid [&>*]:min-w-0 gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 [&>*]:min-w-0">
        <StatCard label="Total Students" value={value(stats?.totalStudents)} icon={Users} />
        <StatCard
          label="Active Students"
          value={value(stats?.activeStudents)}
          icon={UserCheck}
          hint="Signed in within 30 days"
        />
        <StatCard
          label="Completion Rate"
          value={value(stats?.completionRate, '%')}
          icon={CheckCircle2}
          hint="Modules completed by enrolled students"
        />
        <StatCard label="Total Modules" value={value(stats?.totalModules)} icon={BookOpen} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-2 [&>*]:min-w-0">
            <Button variant="outline" className="justify-start" onClick={() => onNavigate('students')}>
              <Users /> Manage Students
            </Button>
            <Button variant="outline" className="justify-start" onClick={() => onNavigate('analytics')}>
              <BarChart3 /> View Analytics
            </Button>
            <Button variant="outline" className="justify-start" onClick={() => onNavigate('content')}>
              <FolderOpen /> Manage Content
            </Button>
            <Button variant="outline" className="justify-start" onClick={() => onNavigate('sessions')}>
              <CalendarPlus /> Live Sessions
            </Button>
            <Button
              variant="outline"
              className="h-auto min-h-10 justify-start py-2 text-left whitespace-normal sm:col-span-2"
              asChild
            >
              <Link href="/admin/mailbox">
                <Mail /> Mailbox (outgoing emails)
              </Link>
            </Button>
            <MailBacklog />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <TrendingUp aria-hidden="true" className="size-5 text-safety-600" /> Popular Resources
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PopularResources resources={stats?.resourceStats} loading={isLoading} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
