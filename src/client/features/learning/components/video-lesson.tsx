import { Captions, CaptionsOff, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { getErrorStatus } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { TopicDetail, VideoProgressResponse } from '#shared/schemas/learning.ts';
import { reportVideo, trackResourceAccess } from '../api/learning.ts';
import { CaptionsTranscript } from './captions-transcript.tsx';

/** The student's captions choice, kept in this browser (README 'Accessibility'): on unless they turned them off. */
const CAPTIONS_KEY = 'ts-captions';
const captionsWanted = () => {
  try {
    return globalThis.localStorage?.getItem(CAPTIONS_KEY) !== 'off';
  } catch {
    return true;
  }
};
const rememberCaptions = (on: boolean) => {
  try {
    globalThis.localStorage?.setItem(CAPTIONS_KEY, on ? 'on' : 'off');
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
};

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
  const [captionsOn, setCaptionsOn] = useState(captionsWanted);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const captionsUrl = topic.captionsUrl;

  // The track follows the switch; the player's own CC menu changes the switch (and the remembered choice).
  useEffect(() => {
    const tracks = video?.textTracks;
    const track = tracks?.[0];
    if (!tracks || !track || !captionsUrl) return;
    track.mode = captionsOn ? 'showing' : 'hidden';
    const onChange = () => {
      const showing = track.mode === 'showing';
      if (showing !== captionsOn) {
        rememberCaptions(showing);
        setCaptionsOn(showing);
      }
    };
    tracks.addEventListener('change', onChange);
    return () => tracks.removeEventListener('change', onChange);
  }, [video, captionsOn, captionsUrl]);

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
  const toggle = () => {
    rememberCaptions(!captionsOn);
    setCaptionsOn(!captionsOn);
  };
  return (
    <div>
      {/* The ring shows on :focus-within: keyboard focus sits in the native controls inside the element. */}
      {/* biome-ignore lint/a11y/useMediaCaption: a video without a caption file is flagged in the admin Content tab */}
      <video
        ref={(element) => {
          ref.current = element;
          setVideo(element);
        }}
        src={topic.videoPath}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video lesson: ${topic.title}`}
        className="aspect-video w-full rounded-lg bg-navy-950 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-navy-700"
      >
        {captionsUrl && (
          <track kind="captions" src={captionsUrl} srcLang="en" label="English" default={captionsOn} />
        )}
      </video>
      {captionsUrl ? (
        <>
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              role="switch"
              aria-checked={captionsOn}
              onClick={toggle}
              className="inline-flex min-h-10 items-center gap-2 rounded-md border border-navy-200 bg-white px-3 text-sm font-medium text-navy-900 hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
            >
              {captionsOn ? (
                <Captions aria-hidden="true" className="size-4" />
              ) : (
                <CaptionsOff aria-hidden="true" className="size-4" />
              )}
              Captions
              <span
                aria-hidden="true"
                className="rounded bg-navy-100 px-1.5 text-xs font-semibold text-navy-800"
              >
                {captionsOn ? 'On' : 'Off'}
              </span>
            </button>
          </div>
          <CaptionsTranscript captionsUrl={captionsUrl} video={video} />
        </>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">This video has no captions yet.</p>
      )}
    </div>
  );
}
