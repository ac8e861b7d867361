import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Package } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { KeepCurrentButton, ReplaceRemoveButtons } from '#client/components/upload/slot-actions.tsx';
import { PACKAGE_MAX_BYTES } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import type { AdminTopic } from '#shared/schemas/admin-content.ts';
import { adminKeys, errorToast, successToast } from '../api/admin-api.ts';
import { scormAdminApi, useScormReport } from '../api/scorm-admin-api.ts';

/** "1h 5m", "12m 30s", "45s": the time a student spent in the package. */
function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}h ${m}m` : `${m}m ${s % 60}s`;
}

/**
 * A topic card's SCORM package (README 'SCORM packages'): upload a zip through the signed-upload flow (upload type
 * `package`, with a progress bar), see its version and title, replace or remove it, and open the students' report.
 */
export function ScormPackageSlot({ topic }: { topic: AdminTopic }) {
  const client = useQueryClient();
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.topics(topic.moduleId) });
  const attach = useMutation({
    mutationFn: (objectKey: string) => scormAdminApi.attachPackage(topic.id, objectKey),
    onSuccess: async (pkg) => {
      successToast(`SCORM ${pkg.version} package attached: ${pkg.title}`);
      await refresh();
      setReplacing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => scormAdminApi.removePackage(topic.id),
    onSuccess: async () => {
      successToast('SCORM package removed');
      await refresh();
      setConfirming(false);
    },
    onError: (error) => errorToast('Failed to remove the package', error),
  });
  const pkg = topic.package;

  return (
    <section aria-label="SCORM package" className="grid min-w-0 content-start gap-1.5 lg:col-span-2">
      <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted-foreground uppercase">
        <Package aria-hidden="true" className="size-3.5" /> SCORM package
      </span>
      {pkg && !replacing ? (
        <div className="flex flex-wrap items-center gap-1">
          <span
            className="inline-flex min-h-10 min-w-0 items-center gap-2 rounded-md bg-green-50 px-3 text-sm font-medium text-green-800"
            data-testid="scorm-package"
          >
            <Badge variant="outline" className="shrink-0 border-green-300 bg-white text-green-800">
              SCORM {pkg.version}
            </Badge>
            <span className="min-w-0 truncate">{pkg.title}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setReporting(true)}
            aria-label={`Student report for ${topic.title}`}
          >
            <BarChart3 /> Report
          </Button>
          <ReplaceRemoveButtons
            replaceLabel="Replace package"
            removeLabel="Remove package"
            onReplace={() => setReplacing(true)}
            onRemove={() => setConfirming(true)}
          />
        </div>
      ) : (
        <div className="grid gap-1.5">
          <ObjectUploader
            fileType="package"
            maxFileSize={PACKAGE_MAX_BYTES}
            buttonLabel="Upload SCORM Package"
            onUploaded={async (objectPath) => {
              await attach.mutateAsync(objectPath);
            }}
            onError={(error) => errorToast('Failed to attach the package', error)}
          />
          {replacing ? <KeepCurrentButton what="package" onClick={() => setReplacing(false)} /> : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the SCORM package?"
        description="Students no longer see the package on this topic. Their progress and completion stay; the files are deleted."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      <ScormReportDialog topic={topic} open={reporting} onOpenChange={setReporting} />
    </section>
  );
}

function ScormReportDialog({
  topic,
  open,
  onOpenChange,
}: {
  topic: AdminTopic;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useScormReport(topic.id, open);
  const students = report.data?.students ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>SCORM report: {topic.title}</DialogTitle>
          <DialogDescription>
            {report.data?.package
              ? `${report.data.package.title}: every enrolled student's status, score and time.`
              : 'Every enrolled student’s status, score and time.'}
          </DialogDescription>
        </DialogHeader>
        {report.isLoading ? (
          <Spinner label="Loading report..." showLabel />
        ) : !students.length ? (
          <p className="text-sm text-muted-foreground">No students are enrolled in this course yet.</p>
        ) : (
          <div className="max-h-[60dvh] overflow-auto">
            {/* A phone gets one card per student; wider screens the table. */}
            <ul className="divide-y divide-border sm:hidden">
              {students.map((s) => (
                <li key={s.userId} className="py-2 text-sm">
                  <span className="block font-medium text-navy-950">{s.name}</span>
                  <span className="block text-xs break-all text-muted-foreground">{s.email}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Badge variant={s.completedAt ? 'default' : 'secondary'}>{s.status}</Badge>
                    <span>Score {s.score ?? '–'}</span>
                    <span>{formatSeconds(s.timeSeconds)}</span>
                  </span>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm sm:table">
              <thead className="sticky top-0 bg-card text-muted-foreground">
                <tr>
                  <th className="py-2 font-medium">Student</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 text-right font-medium">Score</th>
                  <th className="py-2 text-right font-medium">Time</th>
                  <th className="py-2 text-right font-medium">Last active</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {students.map((s) => (
                  <tr key={s.userId}>
                    <td className="py-2">
                      <span className="block font-medium text-navy-950">{s.name}</span>
                      <span className="block text-xs break-all text-muted-foreground">{s.email}</span>
                    </td>
                    <td className="py-2">
                      <Badge variant={s.completedAt ? 'default' : 'secondary'}>{s.status}</Badge>
                      {s.successStatus && s.successStatus !== 'unknown' ? (
                        <span className="ml-1 text-xs text-muted-foreground">{s.successStatus}</span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right tabular-nums">{s.score ?? '–'}</td>
                    <td className="py-2 text-right tabular-nums">{formatSeconds(s.timeSeconds)}</td>
                    <td className="py-2 text-right text-xs">{s.updatedAt ? formatDate(s.updatedAt) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
