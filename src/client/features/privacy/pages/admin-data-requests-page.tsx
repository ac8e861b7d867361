import { ArrowLeft, Download, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDate } from '#shared/format.ts';
import type { DataRequest } from '#shared/schemas/privacy.ts';
import { useDataRequests, useErase, useExportForRequest, useLogRequest } from '../api/privacy.ts';
import { ExportProgress } from '../components/export-progress.tsx';

const DAY = 24 * 60 * 60 * 1000;

function Deadline({ item }: { item: DataRequest }) {
  if (item.status === 'completed') {
    return <Badge variant="success">Answered {item.completedAt ? formatDate(item.completedAt) : ''}</Badge>;
  }
  const left = Math.ceil((Date.parse(item.dueAt) - Date.now()) / DAY);
  const variant = left < 0 ? 'destructive' : left <= 7 ? 'accent' : 'outline';
  const text =
    left < 0 ? `Overdue since ${formatDate(item.dueAt)}` : `Due ${formatDate(item.dueAt)} (${left} days)`;
  return <Badge variant={variant}>{text}</Badge>;
}

function RequestCard({ item }: { item: DataRequest }) {
  const startExport = useExportForRequest();
  const erase = useErase();
  const [confirming, setConfirming] = useState(false);
  const fail = (fallback: string) => (error: unknown) =>
    toast({ title: 'Error', description: getErrorMessage(error, fallback), variant: 'destructive' });
  const exporting = item.latestExport?.status === 'queued' || item.latestExport?.status === 'running';
  const onErase = () =>
    erase.mutate(item.id, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({
          title: 'Erased',
          description: result.holds.length
            ? `Kept under legal hold: ${result.holds.map((h) => `${h.kind} until ${formatDate(h.until)}`).join('; ')}.`
            : 'Nothing had to be kept.',
        });
      },
      onError: fail('Failed to erase'),
    });

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="data-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-navy-950">{item.person.name || 'No name'}</p>
          <p className="truncate text-sm text-muted-foreground">{item.person.email}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={item.kind === 'erasure' ? 'destructive' : 'secondary'}>
            {item.kind === 'erasure' ? 'Erasure' : 'Access'}
          </Badge>
          <Deadline item={item} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        Received {formatDate(item.receivedAt)} {item.source === 'self' ? 'in the app' : 'by staff'}
        {item.note ? ` · ${item.note}` : ''}
      </p>
      {item.holds.length ? (
        <ul className="rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
          {item.holds.map((h) => (
            <li key={h.kind}>
              <span className="font-medium">{h.kind === 'payments' ? 'Payments' : 'Apprenticeship'}</span>{' '}
              held until {formatDate(h.until)}
            </li>
          ))}
        </ul>
      ) : null}
      {exporting && item.latestExport ? (
        <ExportProgress item={item.latestExport} label="Preparing their data..." />
      ) : null}
      {!item.person.erased ? (
        <div className="flex flex-wrap gap-2">
          {item.latestExport?.status === 'ready' && item.latestExport.downloadUrl ? (
            <Button asChild size="sm" variant="outline">
              <a href={item.latestExport.downloadUrl} download>
                <Download aria-hidden="true" />
                Download their data
              </a>
            </Button>
          ) : null}
          {item.status === 'open' || item.kind === 'access' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={exporting || startExport.isPending}
              onClick={() => startExport.mutate(item.id, { onError: fail('Failed to start the export') })}
            >
              Start export
            </Button>
          ) : null}
          {item.kind === 'erasure' && item.status === 'open' ? (
            <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
              Erase
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm font-medium text-navy-800">Erased</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Erase ${item.person.name || item.person.email}?`}
        description="Their name, contact details, photo, messages and free text are replaced everywhere and they are signed out for good. Payments and apprenticeship records stay under legal hold, without their name, until the hold ends. This cannot be undone."
        confirmLabel="Erase"
        busy={erase.isPending}
        onConfirm={onErase}
      />
    </Card>
  );
}

function LogRequestForm() {
  const log = useLogRequest();
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'access' | 'erasure'>('access');
  const [receivedOn, setReceivedOn] = useState('');
  const [note, setNote] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    log.mutate(
      { email, kind, receivedOn: receivedOn || undefined, note: note || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Request logged', description: 'It is in the register with its deadline.' });
          setEmail('');
          setNote('');
          setReceivedOn('');
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: getErrorMessage(error, 'Failed to log the request'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-navy-950">Log a request</h2>
      <p className="mt-1 text-sm text-muted-foreground">For a request made by email, phone or letter.</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="dr-email">Their account email</Label>
          <Input
            id="dr-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="dr-kind">Kind</Label>
          <Select id="dr-kind" value={kind} onChange={(e) => setKind(e.target.value as 'access' | 'erasure')}>
            <option value="access">Access (a copy of their data)</option>
            <option value="erasure">Erasure</option>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="dr-received">Received on</Label>
          <Input
            id="dr-received"
            type="date"
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="dr-note">Note</Label>
          <Input id="dr-note" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={log.isPending}>
            {log.isPending ? 'Logging...' : 'Log request'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/data-requests: the register of access and erasure requests, with their one-month deadlines. */
export function AdminDataRequestsPage() {
  useDocumentTitle('Data requests');
  const { data, isLoading, isError } = useDataRequests();
  return (
    <div className="min-h-dvh bg-background">
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <Button asChild variant="ghost" size="sm">
          <Link href="/admin">
            <ArrowLeft aria-hidden="true" />
            Admin dashboard
          </Link>
        </Button>
        <h1 className="mt-4 flex items-center gap-2 text-3xl font-bold tracking-tight text-navy-950">
          <ShieldCheck aria-hidden="true" className="size-7 text-safety-600" />
          Data requests
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Every request to see or erase personal data must be answered within one month of receipt.
        </p>
        <div className="mt-6 flex flex-col gap-6">
          <LogRequestForm />
          {isLoading ? (
            <Spinner label="Loading requests..." showLabel />
          ) : isError ? (
            <p role="alert" className="text-destructive">
              Failed to load requests.
            </p>
          ) : !data?.items.length ? (
            <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
              No data requests yet
            </p>
          ) : (
            <ul className="grid gap-3 [&>*]:min-w-0">
              {data.items.map((item) => (
                <li key={item.id}>
                  <RequestCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
    </div>
  );
}
