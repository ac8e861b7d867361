import { Captions, ExternalLink, FileArchive, FileImage, FileText, Film, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/lib/toast.ts';
import { formatDateTime } from '#shared/format.ts';
import type { StoredObject } from '#shared/schemas/media.ts';
import { useDeleteObject, useStoredObjects } from '../api/media.ts';

const ICONS = {
  image: FileImage,
  video: Film,
  presentation: FileText,
  document: FileText,
  package: FileArchive,
  captions: Captions,
} as const;

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const label = (o: StoredObject) => o.originalName ?? o.objectPath.split('/').pop() ?? o.objectPath;

/** Every upload, newest first: what it is, whether something uses it; unused files can be deleted. */
export function FilesCard() {
  const objects = useStoredObjects();
  const remove = useDeleteObject();
  const [pending, setPending] = useState<StoredObject | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Files</CardTitle>
        <CardDescription>
          Uploads not used by a topic, course or profile are removed after 24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {objects.isLoading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : !objects.data?.length ? (
          <p className="text-sm text-muted-foreground">No files uploaded yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Uploaded files">
            {objects.data.map((o) => {
              const Icon = ICONS[o.fileType];
              return (
                <li
                  key={o.objectPath}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:flex-nowrap"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-md bg-navy-50 text-navy-700"
                  >
                    <Icon className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-foreground">{label(o)}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="capitalize">{o.fileType}</span> · {formatBytes(o.size)} ·{' '}
                      {formatDateTime(o.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {o.status === 'pending' ? (
                      <Badge variant="secondary">Incomplete</Badge>
                    ) : o.attached ? (
                      <Badge variant="success">In use</Badge>
                    ) : (
                      <Badge variant="outline">Unused</Badge>
                    )}
                    {o.status === 'uploaded' ? (
                      <Button asChild variant="ghost" size="icon-sm">
                        <a
                          href={o.objectPath}
                          target="_blank"
                          rel="noreferrer"
                          aria-label={`Open ${label(o)}`}
                        >
                          <ExternalLink />
                        </a>
                      </Button>
                    ) : null}
                    {!o.attached ? (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete ${label(o)}`}
                        onClick={() => setPending(o)}
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? `Are you sure you want to delete the file "${label(pending)}"?` : ''}
        description="This action cannot be undone."
        busy={remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.objectPath, {
            onSuccess: () => setPending(null),
            onError: () =>
              toast({ title: 'Error', description: 'Failed to delete file', variant: 'destructive' }),
          });
        }}
      />
    </Card>
  );
}
