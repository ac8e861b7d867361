import { useMutation } from '@tanstack/react-query';
import { Captions, CheckCircle2, ExternalLink, FileText, Film, Video } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { KeepCurrentButton, ReplaceRemoveButtons } from '#client/components/upload/slot-actions.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { readVideoDuration } from '#client/lib/upload.ts';
import { CAPTIONS_MAX_BYTES, PRESENTATION_MAX_BYTES, VIDEO_MAX_BYTES } from '#shared/constants.ts';
import { attachTopicMedia, removeTopicMedia, type TopicMediaKind } from '../api/media.ts';

const MAX_BYTES = {
  video: VIDEO_MAX_BYTES,
  presentation: PRESENTATION_MAX_BYTES,
  captions: CAPTIONS_MAX_BYTES,
};

const TEXT = {
  video: {
    heading: 'Video',
    cardHeading: 'Video lesson',
    file: 'Video file',
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
    cardHeading: 'Presentation (PPT/PDF)',
    file: 'Presentation file',
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
    cardHeading: 'Captions (WebVTT)',
    file: 'Captions file',
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

export interface MediaSlotTopic {
  id: string;
  title: string;
  videoPath: string | null;
  presentationPath: string | null;
  captionsPath?: string | null;
}

/**
 * One of a topic's files (its video, the video's captions, its presentation): upload it, then open, replace or
 * remove it, the removal confirmed (README 'Files and media'). `card` is the media library's framed slot, with a
 * preview of the video; `inline` a row of the content editor's topic card. `onChanged` refreshes the lists that
 * show the topic.
 */
export function TopicMediaSlot({
  topic,
  kind,
  variant,
  onChanged,
}: {
  topic: MediaSlotTopic;
  kind: TopicMediaKind;
  variant: 'card' | 'inline';
  onChanged: () => Promise<unknown>;
}) {
  const text = TEXT[kind];
  const path = { video: topic.videoPath, presentation: topic.presentationPath, captions: topic.captionsPath }[
    kind
  ];
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const attach = useMutation({
    mutationFn: ({ objectPath, durationSeconds }: { objectPath: string; durationSeconds?: number }) =>
      attachTopicMedia(topic.id, kind, objectPath, durationSeconds),
    onSuccess: async () => {
      toast({ title: 'Success', description: text.done });
      await onChanged();
      setReplacing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => removeTopicMedia(topic.id, kind),
    onSuccess: async () => {
      toast({ title: 'Success', description: text.removed });
      await onChanged();
      setConfirming(false);
    },
    onError: (error) => failed(`Failed to remove the ${kind}`, error),
  });
  const card = variant === 'card';
  const Icon = { video: card ? Film : Video, presentation: FileText, captions: Captions }[kind];
  const heading = card ? text.cardHeading : text.heading;

  return (
    <section
      aria-label={heading}
      className={
        card
          ? 'flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4'
          : 'grid min-w-0 content-start gap-1.5'
      }
    >
      {card ? (
        <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <Icon aria-hidden="true" className="size-4 text-navy-600" /> {heading}
        </h3>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted-foreground uppercase">
          <Icon aria-hidden="true" className="size-3.5" /> {heading}
        </span>
      )}
      {path && !replacing ? (
        <>
          <div className="flex flex-wrap items-center gap-1">
            <span className="inline-flex min-h-10 items-center gap-1.5 rounded-md bg-green-50 px-3 text-sm font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> {text.uploaded}
            </span>
            <Button asChild variant="ghost" size="sm">
              <a
                href={path}
                target="_blank"
                rel="noreferrer"
                aria-label={`Open the ${kind} of ${topic.title}`}
              >
                Open <ExternalLink />
              </a>
            </Button>
            <ReplaceRemoveButtons
              replaceLabel={text.replace}
              removeLabel={text.remove}
              onReplace={() => setReplacing(true)}
              onRemove={() => setConfirming(true)}
            />
          </div>
          {card && kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: an admin preview of the uploaded file; captions belong to the lesson
            <video
              src={path}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-md bg-navy-950"
              aria-label={`Preview of the video for ${topic.title}`}
            />
          ) : null}
        </>
      ) : (
        <div className="grid gap-1.5">
          <ObjectUploader
            fileType={kind}
            maxFileSize={MAX_BYTES[kind]}
            buttonLabel={text.upload}
            label={card ? text.file : undefined}
            onUploaded={async (objectPath, file) => {
              await attach.mutateAsync({
                objectPath,
                durationSeconds: kind === 'video' ? await readVideoDuration(file) : undefined,
              });
            }}
            onError={(error) => failed(text.failed, error)}
          />
          {replacing ? <KeepCurrentButton what={kind} onClick={() => setReplacing(false)} /> : null}
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

function failed(fallback: string, error: unknown) {
  const reason = getErrorMessage(error, '');
  toast({
    title: 'Error',
    description: reason && reason !== fallback ? `${fallback}. ${reason}` : fallback,
    variant: 'destructive',
  });
}
