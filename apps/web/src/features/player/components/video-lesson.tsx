import type { VideoStream } from "@academy/shared";
import { InfoIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { recordEvent } from "@/lib/analytics-log";
import { embedUrl, isUploadedFile, PLAYER_ORIGINS, readPlayerMessage, subscribeMessages } from "../lib/video";
import { ComingSoon } from "./coming-soon";
import { HlsVideo } from "./hls-video";

/**
 * A video lesson. An upload transcoded to HLS streams through HlsVideo (issue 26). An uploaded file (/files/…) plays in the browser's own player, which seeks with
 * HTTP range requests served by the server; reaching its end reports "video-ended" (progress 90,
 * not completed: spec 001 §4) and shows a hint to mark the lesson complete.
 * YouTube and Vimeo links are embedded (16:9 iframe) and report their end the same way, through
 * their iframe players' postMessage APIs (no third-party script is loaded: issue 17 item 9).
 */
export function VideoLesson({
  title,
  source,
  url,
  ended,
  onEnded,
  stream,
  position,
  onPosition,
}: {
  title: string;
  source: "upload" | "youtube" | "vimeo" | null;
  url: string | null;
  /** The upload transcoded to HLS (issue 26): streamed with quality, speed, captions; absent → the original file. */
  stream?: VideoStream | null;
  /** Where the student stopped last time, in seconds (resume). */
  position?: number | null;
  /** Saves the position (seconds); `leaving` when the page is hidden or closed (sendBeacon). */
  onPosition?: (seconds: number, leaving: boolean) => void;
  /** The video reached its end in this visit (shows the hint). */
  ended: boolean;
  onEnded: () => void;
}) {
  const { t } = useTranslation("player");
  const frameRef = useRef<HTMLIFrameElement>(null);
  const playedRef = useRef<string | null>(null);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const embedded = source === "youtube" || source === "vimeo" ? source : null;

  // The embedded player's messages: subscribe when it is ready (and on load), report its end once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new url is a new iframe to listen to
  useEffect(() => {
    if (!embedded) return;
    let reported = false;
    const subscribe = () => {
      const target = frameRef.current?.contentWindow;
      if (!target) return;
      for (const message of subscribeMessages(embedded))
        for (const origin of PLAYER_ORIGINS[embedded]) target.postMessage(message, origin);
    };
    const onMessage = (event: MessageEvent) => {
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const kind = readPlayerMessage(embedded, event.origin, event.data);
      if (kind === "ready") subscribe();
      else if (kind === "ended" && !reported) {
        reported = true;
        onEndedRef.current();
      }
    };
    window.addEventListener("message", onMessage);
    const frame = frameRef.current;
    frame?.addEventListener("load", subscribe);
    return () => {
      window.removeEventListener("message", onMessage);
      frame?.removeEventListener("load", subscribe);
    };
  }, [embedded, url]);

  if (!url || !source) return <ComingSoon />;

  const hint = ended ? (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-accent-teal/40 bg-accent-teal/10 px-4 py-3 text-sm"
      data-testid="video-ended-hint"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
      {t("video.endedHint")}
    </p>
  ) : null;
  if (source === "upload" && stream) {
    return (
      <div className="grid gap-4">
        <HlsVideo
          key={stream.masterUrl}
          stream={stream}
          fallbackUrl={isUploadedFile(url) ? url : null}
          startAt={position}
          onEnded={onEnded}
          onPosition={onPosition}
        />
        {hint}
      </div>
    );
  }

  let player: ReactNode;
  if (source === "upload") {
    if (!isUploadedFile(url)) return <ComingSoon />;
    player = (
      // biome-ignore lint/a11y/useMediaCaption: creators upload videos without caption tracks
      <video
        key={url}
        src={url}
        controls
        preload="metadata"
        playsInline
        onEnded={onEnded}
        onPlay={() => {
          // The local analytics record (issue 27 §4): the first play of this video in this visit.
          if (playedRef.current === url) return;
          playedRef.current = url;
          recordEvent("video_played", { source: "upload" });
        }}
        className="size-full bg-black"
        data-testid="lesson-video"
      >
        {t("video.unsupported")}
      </video>
    );
  } else {
    const src = embedUrl(source, url);
    if (!src) return <ComingSoon />;
    player = (
      <iframe
        ref={frameRef}
        key={src}
        src={source === "youtube" ? `${src}&origin=${encodeURIComponent(window.location.origin)}` : src}
        title={title}
        className="size-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        data-testid="lesson-embed"
      />
    );
  }

  return (
    <div className="grid gap-4">
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-black shadow-sm">{player}</div>
      {hint}
    </div>
  );
}
