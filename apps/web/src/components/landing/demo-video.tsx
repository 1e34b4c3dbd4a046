import { useEffect, useRef, useState } from 'react';

const DEMO_VIDEO_SRC = '/demo/fleetlab-demo.webm';

/**
 * The autoplaying product demo. Spec §2: when autoplay or loading fails the visitor
 * sees nothing at all, not a broken player.
 */
export function DemoVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof video.play !== 'function') return;
    let playback: Promise<void> | undefined;
    try {
      playback = video.play();
    } catch {
      setFailed(true);
      return;
    }
    // Browsers reject play() when autoplay is blocked; jsdom returns undefined.
    playback?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailed(true);
    });
  }, []);

  if (failed) return null;
  return (
    <video
      ref={videoRef}
      autoPlay
      muted
      loop
      controls
      playsInline
      src={DEMO_VIDEO_SRC}
      onError={() => setFailed(true)}
      aria-label="Fleetlab product demo"
      className="aspect-video w-full rounded-xl border border-slate-800 bg-slate-900 shadow-2xl shadow-indigo-950/50"
    />
  );
}
