import { VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { getErrorStatus } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { TopicDetail, VideoProgressResponse } from '#shared/schemas/learning.ts';
import { reportVideo, trackResourceAccess } from '../api/learning.ts';

/** How often the position is saved while playing (also on pause, on end and on leaving). */
export const SAVE_EVERY_MS = 10_000;

interface VideoLessonProps {
  topic: TopicDetail;
  onReport: (response: VideoProgressResponse) => void;
}

/**
 * Plays the topic's video from the media endpoint and reports the position to the server, which decides when
 * the video has really ended. Playback resumes where the student left off, on any device.
 */
export function VideoLesson({ topic, onReport }: VideoLessonProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  const tracked = useRef(false);
  const started = useRef(false);
  const onReportRef = useRef(onReport);
  onReportRef.current = onReport;
  const topicId = topic.id;
  // Where playback resumes is read once per topic; later saves must not seek the playing video.
  const [resumeAt] = useState(topic.progress.videoPositionSeconds);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const input = (event: 'play' | 'progress' | 'pause' | 'leave' | 'ended') => ({
      positionSeconds: video.currentTime,
      durationSeconds: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined,
      event,
    });
    const send = async (event: 'play' | 'progress' | 'pause' | 'ended') => {
      lastSaved.current = Date.now();
      try {
        const response = await reportVideo(topicId, input(event));
        if (response) onReportRef.current(response);
      } catch (error) {
        if (getErrorStatus(error) === 409) {
          toast({ title: 'Keep watching', description: 'Watch the whole video to unlock the quiz.' });
        } else {
          toast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' });
        }
      }
    };
    const leave = () => {
      if (!started.current) return;
      void reportVideo(topicId, input('leave'), true).catch(() => {});
    };

    const onLoaded = () => {
      // Resume where the student stopped, unless that was the very end.
      if (resumeAt > 0 && Number.isFinite(video.duration) && resumeAt < video.duration - 2) {
        video.currentTime = resumeAt;
      }
    };
    const onPlay = () => {
      started.current = true;
      if (!tracked.current) {
        tracked.current = true;
        void trackResourceAccess(topicId, 'video');
      }
      void send('play');
    };
    const onTime = () => {
      if (!video.paused && Date.now() - lastSaved.current >= SAVE_EVERY_MS) void send('progress');
    };
    const onPause = () => {
      if (!video.ended) void send('pause');
    };
    const onEnded = () => void send('ended');

    if (video.readyState >= 1) onLoaded();
    video.addEventListener('loadedmetadata', onLoaded);
    video.addEventListener('play', onPlay);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', leave);
    return () => {
      video.removeEventListener('loadedmetadata', onLoaded);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [topicId, resumeAt]);

  if (!topic.videoPath) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-navy-50 p-6 text-center text-sm text-muted-foreground">
        <VideoOff aria-hidden="true" className="size-8 text-navy-300" />
        <p>This topic has no video lesson.</p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploaded lessons have no caption track yet
    <video
      ref={ref}
      src={topic.videoPath}
      controls
      playsInline
      preload="metadata"
      aria-label={`Video lesson: ${topic.title}`}
      className="aspect-video w-full rounded-lg bg-navy-950"
    />
  );
}
