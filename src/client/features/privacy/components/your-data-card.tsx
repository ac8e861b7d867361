import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { formatDate } from '#shared/format.ts';
import { useOwnExports, useRequestErasure, useStartExport } from '../api/privacy.ts';
import { ExportProgress } from './export-progress.tsx';

/** Account page: 'Download my data' with its progress, and a request to erase the account (README 'Your data'). */
export function YourDataCard() {
  const exports = useOwnExports();
  const start = useStartExport();
  const erase = useRequestErasure();
  const [confirming, setConfirming] = useState(false);
  const latest = exports.data?.items[0];
  const making = latest?.status === 'queued' || latest?.status === 'running';

  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'Failed to start the download'),
          variant: 'destructive',
        }),
    });
  const onErase = () =>
    erase.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Erasure requested',
          description:
            'An administrator will carry it out within one month and email you what had to be kept.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'Failed to send the request'),
          variant: 'destructive',
        }),
    });

  return (
    <Card role="region" className="p-5 sm:p-6" id="your-data" aria-labelledby="your-data-heading">
      <div className="mb-5">
        <h2
          id="your-data-heading"
          className="flex items-center gap-2 text-lg font-semibold tracking-tight text-navy-950"
        >
          <ShieldCheck aria-hidden="true" className="size-5 text-safety-600" />
          Your data
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          A copy of everything we hold about you: your details, learning, messages, certificates, orders and
          files, as JSON and CSV in one ZIP. How long we keep each thing is in our{' '}
          <Link href="/privacy" className="font-medium text-navy-800 underline underline-offset-2">
            privacy notice
          </Link>
          .
        </p>
      </div>
      {exports.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : making && latest ? (
        <ExportProgress item={latest} label="Preparing your data..." />
      ) : (
        <div className="flex flex-col gap-4">
          {latest?.status === 'ready' && latest.downloadUrl ? (
            <div className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-navy-900">
                <span className="font-semibold">Your data is ready.</span> The link works until{' '}
                {latest.expiresAt ? formatDate(latest.expiresAt) : 'it expires'}, for you only.
              </p>
              <Button asChild size="sm" className="self-start sm:self-auto">
                <a href={latest.downloadUrl} download>
                  <Download aria-hidden="true" />
                  Download ZIP
                </a>
              </Button>
            </div>
          ) : latest?.status === 'failed' ? (
            <p role="alert" className="text-sm text-destructive">
              We could not prepare your data. Please try again.
            </p>
          ) : null}
          <div>
            <Button
              variant={latest?.status === 'ready' ? 'outline' : 'default'}
              onClick={onStart}
              disabled={start.isPending}
            >
              {start.isPending ? 'Starting...' : 'Download my data'}
            </Button>
          </div>
        </div>
      )}
      <div className="mt-6 border-t border-border pt-5">
        <h3 className="text-sm font-semibold text-navy-950">Erase my account</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          We remove your name, contact details, photo and messages. Records the law makes us keep (payments
          for 6 years, apprenticeship evidence for the funding body) stay, without your name, until their date
          passes.
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setConfirming(true)}>
          Ask us to erase my account
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Erase your account?"
        description="An administrator reviews the request and erases your account within one month. After that you can no longer sign in. Download your data first if you want a copy."
        confirmLabel="Send the request"
        busy={erase.isPending}
        onConfirm={onErase}
      />
    </Card>
  );
}
