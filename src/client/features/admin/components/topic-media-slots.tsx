import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Captions, ExternalLink, FileText, RefreshCw, Trash2, Video } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { readVideoDuration } from '#client/lib/upload.ts';
import { CAPTIONS_MAX_BYTES, PRESENTATION_MAX_BYTES, VIDEO_MAX_BYTES } from '#shared/constants.ts';
import type { AdminTopic } from '#shared/schemas/admin-content.ts';
import { adminApi, adminKeys, errorToast, successToast } from '../api/admin-api.ts';
import { UploadedConfirmation } from './media-upload.tsx';
import { ScormPackageSlot } from './scorm-package-slot.tsx';

type Kind = 'video' | 'presentation' | 'captions';

const MAX_BYTES = {
  video: VIDEO_MAX_BYTES,
  presentation: PRESENTATION_MAX_BYTES,
  captions: CAPTIONS_MAX_BYTES,
};
const ICONS = { video: Video, presentation: FileText, captions: Captions };

const TEXT = {
  video: {
    heading: 'Video',
    uploaded: 'Video uploaded',
    upload: 'Upload Video',
    replace: 'Replace video',
    remove: 'Remove video',
    done: 'Video uploaded successfully',
    failed: 'Failed to upload video',
    removed: 'Video removed',
    confirm:
      'The topic goes back to having no video. Its quiz and everyone’s progress stay; the file is deleted.',
  },
  presentation: {
    heading: 'Presentation (PPT/PDF)',
    uploaded: 'Presentation uploaded',
    upload: 'Upload Presentation',
    replace: 'Replace presentation',
    remove: 'Remove presentation',
    done: 'Presentation uploaded successfully',
    failed: 'Failed to upload presentation',
    removed: 'Presentation removed',
    confirm: 'Students will no longer see a presentation for this topic; the file is deleted.',
  },
  captions: {
    heading: 'Captions (WebVTT)',
    uploaded: 'Captions uploaded',
    upload: 'Upload Captions',
    replace: 'Replace captions',
    remove: 'Remove captions',
    done: 'Captions uploaded successfully',
    failed: 'Failed to upload captions',
    removed: 'Captions removed',
    confirm: 'The video goes back to having no captions or transcript; the file is deleted.',
  },
} as const;

/**
 * A topic card's video, its captions, the presentation and a SCORM package: upload, then open, replace or remove
 * (README 'Files and media', 'Accessibility', 'SCORM packages'). The captions slot appears once there is a video.
 */
export function TopicMediaSlots({ topic }: { topic: AdminTopic }) {
  return (
    <div className="mt-4 grid gap-3 lg:grid-cols-2">
      <MediaSlot topic={topic} kind="video" path={topic.videoPath} />
      <MediaSlot topic={topic} kind="presentation" path={topic.presentationPath} />
      {topic.videoPath ? <MediaSlot topic={topic} kind="captions" path={topic.captionsPath} /> : null}
      <ScormPackageSlot topic={topic} />
    </div>
  );
}

function MediaSlot({ topic, kind, path }: { topic: AdminTopic; kind: Kind; path: string | null }) {
  const client = useQueryClient();
  const text = TEXT[kind];
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.topics(topic.moduleId) });
  const attach = useMutation({
    mutationFn: ({ objectPath, durationSeconds }: { objectPath: string; durationSeconds?: number }) =>
      adminApi.attachTopicMedia(topic.id, kind, objectPath, durationSeconds),
    onSuccess: async () => {
      successToast(text.done);
      await refresh();
      setReplacing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => adminApi.removeTopicMedia(topic.id, kind),
    onSuccess: async () => {
      successToast(text.removed);
      await refresh();
      setConfirming(false);
    },
    onError: (error) => errorToast(`Failed to remove the ${kind}`, error),
  });
  const Icon = ICONS[kind];

  return (
    <section aria-label={text.heading} className="grid min-w-0 content-start gap-1.5">
      <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted-foreground uppercase">
        <Icon aria-hidden="true" className="size-3.5" /> {text.heading}
      </span>
      {path && !replacing ? (
        <div className="flex flex-wrap items-center gap-1">
          <UploadedConfirmation label={text.uploaded} />
          <Button asChild variant="ghost" size="sm">
            <a href={path} target="_blank" rel="noreferrer" aria-label={`Open the ${kind} of ${topic.title}`}>
              Open <ExternalLink />
            </a>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setReplacing(true)} aria-label={text.replace}>
            <RefreshCw /> Replace
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => setConfirming(true)}
            aria-label={text.remove}
          >
            <Trash2 /> Remove
          </Button>
        </div>
      ) : (
        <div className="grid gap-1.5">
          <ObjectUploader
            fileType={kind}
            maxFileSize={MAX_BYTES[kind]}
            buttonLabel={text.upload}
            onUploaded={async (objectPath, file) => {
              await attach.mutateAsync({
                objectPath,
                durationSeconds: kind === 'video' ? await readVideoDuration(file) : undefined,
              });
            }}
            onError={(error) => errorToast(text.failed, error)}
          />
          {replacing ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => setReplacing(false)}
            >
              Keep the current {kind}
            </Button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${text.remove}?`}
        description={text.confirm}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}
