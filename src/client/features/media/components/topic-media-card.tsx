import { CircleCheck, ExternalLink, FileText, Film, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { toast } from '#client/lib/toast.ts';
import { readVideoDuration } from '#client/lib/upload.ts';
import { PRESENTATION_MAX_BYTES, VIDEO_MAX_BYTES } from '#shared/constants.ts';
import type { MediaTopicListItem } from '#shared/schemas/media.ts';
import {
  useMediaTopics,
  useRemoveTopicMedia,
  useSetTopicPresentation,
  useSetTopicVideo,
} from '../api/media.ts';

/** Choose a topic, then upload its video and presentation (the upload part of the admin topic card). */
export function TopicMediaCard() {
  const topics = useMediaTopics();
  const [selected, setSelected] = useState<string>('');
  const list = topics.data ?? [];
  const topic = list.find((t) => t.id === selected) ?? list[0];
  const courses = [...new Set(list.map((t) => t.courseTitle))];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Topic media</CardTitle>
        <CardDescription>Upload a topic's video lesson and its presentation.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {topics.isLoading ? (
          <Skeleton className="h-11 w-full" />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No topics yet. Add topics in Content first.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor="media-topic">Topic</Label>
            <Select id="media-topic" value={topic?.id ?? ''} onChange={(e) => setSelected(e.target.value)}>
              {courses.map((course) => (
                <optgroup key={course} label={course}>
                  {list
                    .filter((t) => t.courseTitle === course)
                    .map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.moduleTitle} — {t.title}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          </div>
        )}
        {topic ? (
          <div className="grid gap-4 md:grid-cols-2">
            <VideoSlot key={`v-${topic.id}`} topic={topic} />
            <PresentationSlot key={`p-${topic.id}`} topic={topic} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SlotFrame({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Film;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Icon aria-hidden="true" className="size-4 text-navy-600" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Confirmation({
  text,
  href,
  onReplace,
  topicId,
  kind,
}: {
  text: string;
  href: string;
  onReplace: () => void;
  topicId: string;
  kind: 'video' | 'presentation';
}) {
  const remove = useRemoveTopicMedia();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-green-50 px-3 py-2.5 text-sm text-green-800">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      <span className="font-medium">{text}</span>
      <span className="ml-auto flex flex-wrap items-center gap-1">
        <Button asChild variant="ghost" size="sm">
          <a href={href} target="_blank" rel="noreferrer">
            Open <ExternalLink />
          </a>
        </Button>
        <Button variant="ghost" size="sm" onClick={onReplace}>
          <RefreshCw /> Replace
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { topicId, kind },
              {
                onSuccess: () => toast({ title: 'Success', description: `${text.split(' ')[0]} removed` }),
                onError: () =>
                  toast({
                    title: 'Error',
                    description: `Failed to remove the ${kind}`,
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <Trash2 /> Remove
        </Button>
      </span>
    </div>
  );
}

function VideoSlot({ topic }: { topic: MediaTopicListItem }) {
  const [replacing, setReplacing] = useState(false);
  const setVideo = useSetTopicVideo();
  return (
    <SlotFrame icon={Film} title="Video lesson">
      {topic.videoPath && !replacing ? (
        <>
          <Confirmation
            text="Video uploaded"
            href={topic.videoPath}
            onReplace={() => setReplacing(true)}
            topicId={topic.id}
            kind="video"
          />
          {/* biome-ignore lint/a11y/useMediaCaption: an admin preview of the uploaded file; captions belong to the lesson */}
          <video
            src={topic.videoPath}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-md bg-navy-950"
            aria-label={`Preview of the video for ${topic.title}`}
          />
        </>
      ) : (
        <ObjectUploader
          fileType="video"
          maxFileSize={VIDEO_MAX_BYTES}
          buttonLabel="Upload Video"
          label="Video file"
          onUploaded={async (videoURL, file) => {
            const durationSeconds = await readVideoDuration(file);
            try {
              await setVideo.mutateAsync({ topicId: topic.id, videoURL, durationSeconds });
            } catch (error) {
              toast({ title: 'Error', description: 'Failed to upload video', variant: 'destructive' });
              throw error;
            }
            toast({ title: 'Success', description: 'Video uploaded successfully' });
            setReplacing(false);
          }}
        />
      )}
    </SlotFrame>
  );
}

function PresentationSlot({ topic }: { topic: MediaTopicListItem }) {
  const [replacing, setReplacing] = useState(false);
  const setPresentation = useSetTopicPresentation();
  return (
    <SlotFrame icon={FileText} title="Presentation (PPT/PDF)">
      {topic.presentationPath && !replacing ? (
        <Confirmation
          text="Presentation uploaded"
          href={topic.presentationPath}
          onReplace={() => setReplacing(true)}
          topicId={topic.id}
          kind="presentation"
        />
      ) : (
        <ObjectUploader
          fileType="presentation"
          maxFileSize={PRESENTATION_MAX_BYTES}
          buttonLabel="Upload Presentation"
          label="Presentation file"
          onUploaded={async (presentationURL) => {
            try {
              await setPresentation.mutateAsync({ topicId: topic.id, presentationURL });
            } catch (error) {
              toast({ title: 'Error', description: 'Failed to upload presentation', variant: 'destructive' });
              throw error;
            }
            toast({ title: 'Success', description: 'Presentation uploaded successfully' });
            setReplacing(false);
          }}
        />
      )}
    </SlotFrame>
  );
}
