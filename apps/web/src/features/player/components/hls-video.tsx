import { PLAYBACK_SPEEDS, POSITION_SAVE_SECONDS, type VideoStream } from "@academy/shared";
import { AlertTriangleIcon, LoaderCircleIcon, PictureInPicture2Icon, RotateCcwIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type HlsInstance = import("hls.js").default;

/** Where to resume: `position` unless it is within the first or the last 3 seconds (then the start). */
export function resumeAt(position: number | null | undefined, duration: number): number {
  if (!position || position < 3 || !Number.isFinite(duration) || position > duration - 3) return 0;
  return position;
}

/** True when a key event comes from a field where typing must not drive the player. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

const selectClass =
  "h-9 min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/**
 * An uploaded lesson video streamed as HLS (issue 26 item 3, decision 0236): hls.js (loaded on
 * demand) wherever Media Source Extensions exist, so the quality menu can pick a rendition (Auto
 * adapts to bandwidth); the browser's own HLS otherwise (iOS Safari: Auto only). The browser's
 * controls play, seek and change the volume; below them: quality, speed (0.75–2×), captions and
 * picture-in-picture. Shortcuts while the page has focus (not in a field): space/k play-pause,
 * ←/→ 5 s, f fullscreen, m mute, c captions. Starts at `startAt` (seconds, resume); reports the
 * position through `onPosition` every POSITION_SAVE_SECONDS while playing, on pause, when the page
 * is hidden (`leaving`) and on leave. A stream that cannot play falls back to `fallbackUrl` (the original).
 */
export function HlsVideo({
  stream,
  fallbackUrl,
  startAt,
  onEnded,
  onPosition,
}: {
  stream: VideoStream;
  fallbackUrl: string | null;
  startAt?: number | null;
  onEnded: () => void;
  onPosition?: (seconds: number, leaving: boolean) => void;
}) {
  const { t } = useTranslation("player");
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsInstance | null>(null);
  const [levels, setLevels] = useState<number[]>([]);
  const [quality, setQuality] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const [caption, setCaption] = useState<string>("off");
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [useOriginal, setUseOriginal] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const positionRef = useRef(onPosition);
  positionRef.current = onPosition;
  const lastSaved = useRef(0);
  const restored = useRef(false);

  const report = useCallback((leaving: boolean, element?: HTMLVideoElement | null) => {
    const video = element ?? videoRef.current;
    if (!video || !restored.current) return;
    lastSaved.current = video.currentTime;
    positionRef.current?.(video.currentTime, leaving);
  }, []);

  // Attach the stream: hls.js where MSE exists, else the browser's HLS, else the original file.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-attaches on Retry
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    setState("loading");
    if (useOriginal && fallbackUrl) {
      video.src = fallbackUrl;
      return;
    }
    void (async () => {
      const Hls = typeof window.MediaSource !== "undefined" ? (await import("hls.js")).default : undefined;
      if (cancelled) return;
      if (Hls?.isSupported()) {
        // hls.js starts loading at the resume position itself (a seek made at loadedmetadata
        // was lost to its own start position in Chromium: the player stayed at 0:00).
        const start = resumeAt(startAt, stream.durationSeconds ?? Number.NaN);
        const hls = new Hls({
          capLevelToPlayerSize: false,
          startLevel: -1,
          ...(start > 0 ? { startPosition: start } : {}),
        });
        hlsRef.current = hls;
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(data.levels.map((level) => level.height));
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setState("error");
        });
        hls.loadSource(stream.masterUrl);
        hls.attachMedia(video);
      } else if (video.canPlayType("application/vnd.apple.mpegurl")) {
        video.src = stream.masterUrl;
      } else if (fallbackUrl) {
        video.src = fallbackUrl;
      } else setState("error");
    })();
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [stream.masterUrl, fallbackUrl, useOriginal, attempt]);

  // Save the position while playing, on pause, when hidden and on leave.
  useEffect(() => {
    // The element as mounted: on unmount the ref is already cleared.
    const element = videoRef.current;
    const hidden = () => {
      if (document.visibilityState === "hidden") report(true);
    };
    const leave = () => report(true);
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leave);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leave);
      report(true, element);
    };
  }, [report]);

  const toggleCaptions = useCallback(() => {
    setCaption((current) => (current === "off" ? (stream.captions[0]?.language ?? "off") : "off"));
  }, [stream.captions]);

  // Caption choice → the text tracks' modes.
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i]!;
      track.mode = track.language === caption ? "showing" : "disabled";
    }
  }, [caption]);

  // Keyboard shortcuts.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const video = videoRef.current;
      if (!video || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // Space on a button or link activates it; the player takes space only elsewhere.
      if (
        event.key === " " &&
        event.target instanceof HTMLElement &&
        event.target.closest("button, a, [role=button]")
      )
        return;
      const key = event.key.toLowerCase();
      if (key === " " || key === "k") {
        if (video.paused) void video.play().catch(() => undefined);
        else video.pause();
      } else if (key === "arrowleft") video.currentTime = Math.max(0, video.currentTime - 5);
      else if (key === "arrowright")
        video.currentTime = Math.min(
          Number.isFinite(video.duration) ? video.duration : Infinity,
          video.currentTime + 5,
        );
      else if (key === "m") video.muted = !video.muted;
      else if (key === "f") {
        if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
        else void boxRef.current?.requestFullscreen?.().catch(() => undefined);
      } else if (key === "c") toggleCaptions();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggleCaptions]);

  const chooseQuality = (value: number) => {
    setQuality(value);
    const hls = hlsRef.current;
    if (hls) hls.currentLevel = value;
  };
  const chooseSpeed = (value: number) => {
    setSpeed(value);
    if (videoRef.current) videoRef.current.playbackRate = value;
  };
  const pipSupported = typeof document !== "undefined" && document.pictureInPictureEnabled === true;

  return (
    <div className="grid gap-2" data-testid="hls-player">
      <div
        ref={boxRef}
        className="relative aspect-video w-full overflow-hidden rounded-xl bg-black shadow-sm"
      >
        {/* biome-ignore lint/a11y/useMediaCaption: caption tracks are the creator's uploads, rendered below when there are any */}
        <video
          ref={videoRef}
          controls
          playsInline
          preload="metadata"
          poster={stream.posterUrl ?? undefined}
          className="size-full bg-black"
          data-testid="lesson-video"
          onLoadedMetadata={(event) => {
            const video = event.currentTarget;
            if (!restored.current) {
              // With hls.js the media element's duration may not be known yet at this point
              // (MediaSource duration set later): the probed length stands in for it.
              const duration = Number.isFinite(video.duration)
                ? video.duration
                : (stream.durationSeconds ?? Number.NaN);
              const at = resumeAt(startAt, duration);
              if (at > 0) video.currentTime = at;
              lastSaved.current = at;
              restored.current = true;
            }
            video.playbackRate = speed;
          }}
          onCanPlay={() => setState("ready")}
          onWaiting={() => setState((s) => (s === "error" ? s : "loading"))}
          onPlaying={() => setState("ready")}
          onTimeUpdate={(event) => {
            if (Math.abs(event.currentTarget.currentTime - lastSaved.current) >= POSITION_SAVE_SECONDS)
              report(false);
          }}
          onPause={() => report(false)}
          onEnded={onEnded}
          onError={() => {
            if (!useOriginal && fallbackUrl && !hlsRef.current) setUseOriginal(true);
            else setState("error");
          }}
        >
          {stream.captions.map((track) => (
            <track
              key={track.language}
              kind="subtitles"
              src={track.url}
              srcLang={track.language}
              label={t(`video.captionLanguage.${track.language}`)}
            />
          ))}
          {t("video.unsupported")}
        </video>
        {state === "loading" ? (
          <div
            className="pointer-events-none absolute inset-0 grid place-items-center"
            role="status"
            aria-live="polite"
          >
            <LoaderCircleIcon className="size-8 animate-spin text-white/80" aria-hidden />
            <span className="sr-only">{t("video.loading")}</span>
          </div>
        ) : null}
        {state === "error" ? (
          <div
            className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center text-sm text-white"
            role="alert"
            data-testid="video-error"
          >
            <div className="grid justify-items-center gap-3">
              <AlertTriangleIcon className="size-6" aria-hidden />
              <p>{t("video.error")}</p>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => {
                  setState("loading");
                  setAttempt((n) => n + 1);
                }}
              >
                <RotateCcwIcon aria-hidden />
                {t("video.retry")}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="video-controls">
        <label className="flex min-w-0 items-center gap-1.5 text-sm" htmlFor={`${id}-quality`}>
          <span className="text-muted-foreground">{t("video.quality")}</span>
          <select
            id={`${id}-quality`}
            className={selectClass}
            value={quality}
            onChange={(event) => chooseQuality(Number(event.target.value))}
            data-testid="video-quality"
          >
            <option value={-1}>{t("video.auto")}</option>
            {levels.map((height, index) => (
              <option key={`level-${height}p`} value={index}>
                {`${height}p`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 items-center gap-1.5 text-sm" htmlFor={`${id}-speed`}>
          <span className="text-muted-foreground">{t("video.speed")}</span>
          <select
            id={`${id}-speed`}
            className={selectClass}
            value={speed}
            onChange={(event) => chooseSpeed(Number(event.target.value))}
            data-testid="video-speed"
          >
            {PLAYBACK_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value === 1 ? t("video.normalSpeed") : `${value}×`}
              </option>
            ))}
          </select>
        </label>
        {stream.captions.length > 0 ? (
          <label className="flex min-w-0 items-center gap-1.5 text-sm" htmlFor={`${id}-captions`}>
            <span className="text-muted-foreground">{t("video.captions")}</span>
            <select
              id={`${id}-captions`}
              className={selectClass}
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
              data-testid="video-captions"
            >
              <option value="off">{t("video.captionsOff")}</option>
              {stream.captions.map((track) => (
                <option key={track.language} value={track.language}>
                  {t(`video.captionLanguage.${track.language}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {pipSupported ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className={cn("ml-auto")}
            onClick={() => {
              const video = videoRef.current;
              if (!video) return;
              if (document.pictureInPictureElement)
                void document.exitPictureInPicture().catch(() => undefined);
              else void video.requestPictureInPicture?.().catch(() => undefined);
            }}
          >
            <PictureInPicture2Icon aria-hidden />
            {t("video.pip")}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{t("video.shortcuts")}</p>
    </div>
  );
}
