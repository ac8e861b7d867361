import { CheckCircle2, Eye, TrendingUp, UserCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatPrice } from '#shared/format.ts';
import { useAnalytics, useStats } from '../api/admin-api.ts';
import { StatCard } from './empty-state.tsx';
import { PopularResources } from './popular-resources.tsx';

const shortDate = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${d}/${m}`;
};

interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** A chart with its figures as a table (WCAG 1.1.1, README 'Accessibility'): the button switches between them. */
function ChartCard({
  title,
  description,
  loading,
  table,
  children,
}: {
  title: string;
  description: string;
  loading: boolean;
  table: ChartTable;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show chart' : 'Show table'}
          <span className="sr-only"> of {title.toLowerCase()}</span>
        </Button>
      </CardHeader>
      <CardContent className={asTable ? 'max-h-64 overflow-auto' : 'h-64'}>
        {loading ? (
          <Skeleton className="h-full" />
        ) : asTable ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-border">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="py-1.5 pr-3 font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])} className="border-b border-border/60">
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in column order
                    <td key={i} className="py-1.5 pr-3 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          // The table view carries the figures for screen readers; the charts inside keep their keyboard layer
          // off (accessibilityLayer={false}), so nothing focusable hides under aria-hidden (WCAG 4.1.2).
          <div aria-hidden="true" className="h-full">
            {children}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Loaded lazily with recharts, only when the Analytics tab is opened. */
export function AnalyticsTab() {
  const { data: stats, isLoading } = useStats();
  const { data: analytics, isLoading: chartsLoading } = useAnalytics();
  const weekly = (analytics?.weekly ?? []).map((w) => ({
    ...w,
    revenue: Number(w.revenue),
    label: shortDate(w.week),
  }));
  const daily = (analytics?.dailyViews ?? []).map((d) => ({ ...d, label: shortDate(d.day) }));
  const loading = (v: number | undefined, suffix = '') =>
    isLoading || v === undefined ? <Skeleton className="h-8 w-16" /> : `${v}${suffix}`;

  return (
    <div className="grid [&>*]:min-w-0 gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <StatCard
          label="Total Views"
          value={loading(stats?.totalViews)}
          icon={Eye}
          hint="Videos and presentations opened"
        />
        <StatCard
          label="Active Students"
          value={loading(stats?.activeStudents)}
          icon={UserCheck}
          hint="Signed in within 30 days"
        />
        <div className="col-span-2 lg:col-span-1">
          <StatCard
            label="Completion Rate"
            value={loading(stats?.completionRate, '%')}
            icon={CheckCircle2}
            hint="Modules completed by enrolled students"
          />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <ChartCard
          title="Enrolments per week"
          description="Last 12 weeks, with card revenue"
          loading={chartsLoading}
          table={{ columns: ['Week of', 'Enrolments'], rows: weekly.map((w) => [w.label, w.enrolments]) }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={weekly} margin={{ left: -20, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dde3ec" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip
                formatter={(value, name) =>
                  name === 'revenue' ? [formatPrice(Number(value)), 'Revenue'] : [value, 'Enrolments']
                }
                labelFormatter={(l) => `Week of ${l}`}
              />
              <Bar dataKey="enrolments" fill="#15233d" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Revenue per week"
          description="Card payments and paid invoices, less refunds, in pounds (VAT included)"
          loading={chartsLoading}
          table={{
            columns: ['Week of', 'Revenue'],
            rows: weekly.map((w) => [w.label, formatPrice(w.revenue)]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={weekly} margin={{ left: -4, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dde3ec" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis tick={{ fontSize: 11 }} tickFormatter={(v) => `£${v}`} />
              <Tooltip
                formatter={(value) => [formatPrice(Number(value)), 'Revenue']}
                labelFormatter={(l) => `Week of ${l}`}
              />
              <Line type="monotone" dataKey="revenue" stroke="#ea580c" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title="Resource views per day"
          description="Last 30 days"
          loading={chartsLoading}
          table={{ columns: ['Day', 'Views'], rows: daily.map((d) => [d.label, d.views]) }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={daily} margin={{ left: -20, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dde3ec" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => [value, 'Views']} />
              <Bar dataKey="views" fill="#f97316" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <TrendingUp aria-hidden="true" className="size-5 text-safety-600" /> Most Popular Resources
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PopularResources resources={stats?.resourceStats} loading={isLoading} showWeekly />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
