import { ArrowLeft, Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { Standard } from '#shared/schemas/standards.ts';
import { errorToast } from '../api/apprenticeships.ts';
import { ILR_URL, ilrFileProblem, useImportStandard, useSetMinimum, useStandards } from '../api/standards.ts';

/** One standard version: its KSBs (folded) and the minimum off-the-job hours the admin sets. */
function StandardCard({ standard }: { standard: Standard }) {
  const setMinimum = useSetMinimum();
  const [minimum, setMin] = useState(String(standard.minimumOtjHours ?? ''));
  const id = useId();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 className="text-base font-bold text-navy-900">
          {standard.referenceNumber} v{standard.version}: {standard.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          Level {standard.level} · LARS {standard.larsCode} · {standard.typicalDuration} months ·{' '}
          {standard.apprentices} apprentice{standard.apprentices === 1 ? '' : 's'}
        </p>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setMinimum.mutate(
            { id: standard.id, minimumOtjHours: Number(minimum) },
            { onError: (error) => errorToast('Could not save the minimum', error) },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-min`}>Minimum off-the-job hours (at least 187)</Label>
          <Input
            id={`${id}-min`}
            type="number"
            min={187}
            className="w-40"
            value={minimum}
            onChange={(e) => setMin(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={setMinimum.isPending || minimum === ''}>
          Save minimum
        </Button>
      </form>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-navy-700">
          {standard.ksbs.length} knowledge, skills and behaviours
        </summary>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {standard.ksbs.map((k) => (
            <li key={k.id}>
              <span className="font-mono font-bold">{k.code}</span> {k.detail}
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}

/** /admin/standards: import a standard from a Skills England JSON record, set minimums, download the ILR file. */
export function AdminStandardsPage() {
  useDocumentTitle('Apprenticeship standards');
  const { user } = useAuth();
  const standards = useStandards();
  const importStandard = useImportStandard();
  const [problem, setProblem] = useState<string | null>(null);
  const [ilrProblem, setIlrProblem] = useState<string | null>(null);
  if (!user) return <PageLoader label="Loading admin dashboard..." />;

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      setProblem(
        'That file is not JSON. Save the standard’s record from the Skills England API as a .json file.',
      );
      return;
    }
    try {
      await importStandard.mutateAsync(Array.isArray(record) ? record[0] : record);
    } catch (error) {
      setProblem(getErrorMessage(error, 'Could not import the standard'));
    }
  };

  const downloadIlr = async () => {
    setIlrProblem(null);
    const problem = await ilrFileProblem();
    if (problem) setIlrProblem(problem);
    else window.location.assign(ILR_URL);
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge />
      <main
        id="main"
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8"
      >
        <Button asChild variant="link" className="-mb-2 self-start text-sm">
          <Link href="/admin/apprentices">
            <ArrowLeft aria-hidden="true" /> Back to apprentices
          </Link>
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
              Apprenticeship standards
            </h1>
            <p className="text-sm text-muted-foreground">
              Each version with its KSBs; apprentices stay on the version their record names.
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void downloadIlr()}>
            <Download aria-hidden="true" /> ILR file 2025-26 (XML)
          </Button>
        </div>
        {ilrProblem ? (
          <FormNotice tone="error">
            <span className="whitespace-pre-line">{ilrProblem}</span>
          </FormNotice>
        ) : null}
        <Card className="flex flex-col gap-3 p-4 sm:p-5">
          <h2 className="text-lg font-bold text-navy-900">Import a standard</h2>
          <p className="text-sm text-muted-foreground">
            Choose the standard’s JSON record from the Skills England API (one version). Codes K1, S1, B1…
            follow the record’s list order.
          </p>
          <div>
            <Button asChild variant="default" size="sm" disabled={importStandard.isPending}>
              <label htmlFor="standard-file" className="cursor-pointer">
                <Upload aria-hidden="true" /> {importStandard.isPending ? 'Importing...' : 'Choose JSON file'}
              </label>
            </Button>
            <input
              id="standard-file"
              type="file"
              accept="application/json,.json"
              className="sr-only"
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          {problem ? <FormNotice tone="error">{problem}</FormNotice> : null}
        </Card>
        <section aria-labelledby="standards-heading" className="flex flex-col gap-3">
          <h2 id="standards-heading" className="text-lg font-bold text-navy-900">
            Imported standards
          </h2>
          {standards.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : standards.data?.length ? (
            standards.data.map((s) => <StandardCard key={s.id} standard={s} />)
          ) : (
            <p className="text-sm text-muted-foreground">No standard imported yet.</p>
          )}
        </section>
      </main>
    </div>
  );
}
