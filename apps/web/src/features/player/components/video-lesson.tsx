import { InfoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { embedUrl, isUploadedFile } from "../lib/video";
import { ComingSoon } from "./coming-soon";

/**
 * A video lesson. An uploaded file (/files/…) plays in the browser's own player, which seeks with
 * HTTP range requests served by the server; reaching its end reports "video-ended" (progress 90,
 * not completed: spec 001 §4) and shows a hint to mark the lesson complete.
 * YouTube and Vimeo links are embedded (16:9 iframe). Their end cannot be detected without loading
 * the YouTube IFrame / Vimeo Player JavaScript APIs (third-party scripts the CSP does not allow), so
 * for them Mark Complete is the only way to complete the lesson.
 */
export function VideoLesson({
  title,
  source,
  url,
  ended,
  onEnded,
}: {
  title: string;
  source: "upload" | "youtube" | "vimeo" | null;
  url: string | null;
  /** The video reached its end in this visit (shows the hint). */
  ended: boolean;
  onEnded: () => void;
}) {
  const { t } = useTranslation("player");
  if (!url || !source) return <ComingSoon />;

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
        key={src}
        src={src}
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
      {ended ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-accent-teal/40 bg-accent-teal/10 px-4 py-3 text-sm"
          data-testid="video-ended-hint"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
          {t("video.endedHint")}
        </p>
      ) : null}
    </div>
  );
}
