import { ArrowLeft, Download, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  PROVIDER_CSV_URL,
  useAdminEntries,
  useApprentices,
  useStudentSearch,
} from '../api/apprenticeships.ts';
import { useReadiness } from '../api/standards.ts';
import { ApprenticeDetail } from '../components/apprentice-detail.tsx';
import { ApprenticesTable } from '../components/apprentices-table.tsx';
import { DecisionButtons } from '../components/decision-buttons.tsx';
import { EntryList } from '../components/entry-list.tsx';

/** /admin/apprentices: the admin console's Apprentices tab. */
export function AdminApprenticesPage() {
  useDocumentTitle('Apprentices');
  const { user } = useAuth();
  const apprentices = useApprentices();
  const pending = useAdminEntries({ status: 'pending' });
  const readiness = useReadiness();
  // `?student=` opens one apprentice (the caseload links here).
  const preselected = new URLSearchParams(useSearch()).get('student');
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(
    preselected ? { id: preselected, name: '' } : null,
  );
  const [search, setSearch] = useState('');
  const hits = useStudentSearch(search, user?.role === 'admin');
  if (!user) return <PageLoader label="Loading admin dashboard..." />;
  // A tutor sees their caseload only: no provider-wide export, no setting up records (docs/staff.md).
  const isAdmin = user.role === 'admin';
  const selectedFigures = apprentices.data?.find((a) => a.studentId === selected?.id);
  const selectedName = selected?.name || selectedFigures?.name || '';

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge={isAdmin} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8"
      >
        <Button asChild variant="link" className="-mb-2 self-start text-sm">
          <Link href="/admin">
            <ArrowLeft aria-hidden="true" /> Back to admin dashboard
          </Link>
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Apprentices</h1>
            <p className="text-sm text-muted-foreground">
              Off-the-job hours, approvals and progress reviews for{' '}
              {isAdmin ? 'every apprentice' : 'the apprentices in your caseload'}.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {isAdmin ? (
              <Button variant="outline" size="sm" asChild>
                <Link href="/admin/standards">Standards and ILR</Link>
              </Button>
            ) : null}
            {isAdmin ? (
              <Button variant="outline" size="sm" asChild>
                <a href={PROVIDER_CSV_URL} download>
                  <Download aria-hidden="true" /> Learner record CSV
                </a>
              </Button>
            ) : null}
          </div>
        </div>

        <section aria-labelledby="apprentices-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id="apprentices-heading" className="text-lg font-bold text-navy-900">
              {isAdmin ? 'All apprentices' : 'Your caseload'}
            </h2>
            {readiness.data ? (
              <p className="text-sm text-muted-foreground">Readiest for gateway first</p>
            ) : null}
          </div>
          {apprentices.data ? (
            <ApprenticesTable
              apprentices={apprentices.data}
              readiness={readiness.data}
              selectedId={selected?.id ?? null}
              onSelect={(id) =>
                setSelected({ id, name: apprentices.data.find((a) => a.studentId === id)?.name ?? '' })
              }
            />
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </section>

        <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
          <h2 id="pending-heading" className="text-lg font-bold text-navy-900">
            Waiting for approval{pending.data ? ` (${pending.data.length})` : ''}
          </h2>
          <EntryList
            hidePendingTags
            entries={pending.data ?? []}
            empty="Nothing waiting for approval."
            heading={(entry) => <span className="font-semibold text-safety-700">{entry.studentName}</span>}
            actions={(entry) => <DecisionButtons entryId={entry.id} tags={entry.ksbs} />}
          />
        </section>

        {isAdmin ? (
          <Card className="p-4 sm:p-5">
            <Label htmlFor="apprentice-search" className="mb-2 block">
              Set up an apprenticeship: find a student
            </Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="apprentice-search"
                className="pl-9"
                placeholder="Name or email"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            {hits.data?.students.length ? (
              <ul className="mt-2 flex flex-col divide-y divide-border rounded-md border border-border">
                {hits.data.students.map((s) => {
                  const name = [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;
                  return (
                    <li key={s.id}>
                      <button
                        type="button"
                        className="w-full px-3 py-2 text-left text-sm hover:bg-muted"
                        onClick={() => {
                          setSelected({ id: s.id, name });
                          setSearch('');
                        }}
                      >
                        <span className="font-medium text-navy-900">{name}</span>{' '}
                        <span className="text-muted-foreground">{s.email}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </Card>
        ) : null}

        {selected ? (
          <ApprenticeDetail
            key={selected.id}
            studentId={selected.id}
            name={selectedName}
            figures={selectedFigures}
          />
        ) : null}
      </main>
    </div>
  );
}
