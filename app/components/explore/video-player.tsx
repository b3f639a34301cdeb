import { useFetcher } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useRef, useState } from 'react';

export const VIDEO_ERROR = 'This video could not be played.';

export interface PlayerVideo {
  videoId: number;
  name: string;
  videoUrl: string;
  durationSeconds?: number | null;
}

/**
 * HTML5 video. With JavaScript: when it ends it posts the completion (intent=completeVideo) and shows a
 * next-chapter overlay that hides again when playback resumes; a load error shows the errored state.
 * Without JavaScript the 'Mark as watched' button posts the same completion.
 * Give it `key={videoId}` so a new chapter starts a fresh player.
 */
export function VideoPlayer({
  video,
  watched,
  next,
  finishedTo,
}: {
  video: PlayerVideo;
  watched: boolean;
  next: { to: string; name: string } | null;
  finishedTo: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const fetcher = useFetcher();
  const [ended, setEnded] = useState(false);
  const [errored, setErrored] = useState(false);
  const done = watched || fetcher.state !== 'idle' || Boolean(fetcher.data);

  useEffect(() => {
    // An error that happened before hydration has no listener: read it from the element.
    const v = ref.current;
    if (v && (v.error || v.networkState === HTMLMediaElement.NETWORK_NO_SOURCE)) setErrored(true);
  }, []);

  const complete = () => {
    if (!done) void fetcher.submit({ intent: 'completeVideo', videoId: String(video.videoId) }, { method: 'post' });
  };

  return (
    <div className="video-block">
      <div className={`video-player${errored ? ' is-errored' : ''}`} data-state={errored ? 'errored' : ended ? 'ended' : 'ready'}>
        <video
          ref={ref}
          src={video.videoUrl}
          poster={videoPosterUrl(video.videoId)}
          controls
          preload="metadata"
          playsInline
          aria-label={video.name}
          onEnded={() => {
            setEnded(true);
            complete();
          }}
          onPlay={() => setEnded(false)}
          onError={() => setErrored(true)}
        >
          <track kind="captions" src={videoCaptionsUrl(video.videoId)} srcLang="en" label="English" default />
          <a href={video.videoUrl}>Download the video</a>
        </video>
        {errored ? (
          <div className="video-overlay" role="alert">
            <p>{VIDEO_ERROR}</p>
          </div>
        ) : ended ? (
          <div className="video-overlay" role="status">
            {next ? (
              <>
                <p>Up next: {next.name}</p>
                <Link to={next.to} className="button">
                  Next chapter
                </Link>
              </>
            ) : (
              <>
                <p>You have reached the end of this story.</p>
                <Link to={finishedTo} className="button">
                  Back to stories
                </Link>
              </>
            )}
            <button type="button" className="link-button" style={{ color: '#fff' }} onClick={() => void ref.current?.play()}>
              Watch again
            </button>
          </div>
        ) : null}
      </div>
      <div className="video-actions">
        <p>
          {video.name}
          {video.durationSeconds ? ` · ${formatDuration(video.durationSeconds)}` : ''}
        </p>
        {done ? (
          <span className="badge done">Watched</span>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="completeVideo" />
            <input type="hidden" name="videoId" value={video.videoId} />
            <button type="submit" className="button small">
              Mark as watched
            </button>
          </fetcher.Form>
        )}
      </div>
    </div>
  );
}

/** Every catalogue video's drawn poster and WebVTT captions (app/routes/videos.$videoId.*). */
export const videoPosterUrl = (videoId: number) => `/videos/${videoId}/poster.svg`;
export const videoCaptionsUrl = (videoId: number) => `/videos/${videoId}/captions.vtt`;

export function formatDuration(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}
