import {
  CAPTION_LANGUAGES,
  type CaptionLanguage,
  MAX_CAPTION_CHARS,
  type VideoStatus,
  videoStatusSchema,
} from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  LoaderCircleIcon,
  SubtitlesIcon,
  Trash2Icon,
  UploadIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

/** m:ss (or h:mm:ss) of a duration in seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

async function readError(response: Response): Promise<string> {
  try {
    return (
      ((await response.json()) as { error?: { message?: string } }).error?.message ?? response.statusText
    );
  } catch {
    return response.statusText;
  }
}

/**
 * The processing state of an uploaded lesson video in the course builder (issue 26 items 2 and 4):
 * "Processing… 40%" while it is transcoded to HLS (asked every 2 s), then its length and
 * renditions, or why it failed (the original still plays); and its captions (WebVTT or SRT per
 * language, vi and en), which the creator uploads and removes here.
 */
export function VideoProcessing({ url }: { url: string }) {
  const { t } = useTranslation("structure");
  const id = useId();
  const queryClient = useQueryClient();
  const queryKey = ["video-status", url] as const;
  const status = useQuery({
    queryKey,
    queryFn: async (): Promise<VideoStatus> => {
      const response = await fetch(`/api/videos/status?url=${encodeURIComponent(url)}`, {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(await readError(response));
      return videoStatusSchema.parse(await response.json());
    },
    refetchInterval: (query) => {
      const state = query.state.data?.status;
      return state === "pending" || state === "processing" ? 2000 : false;
    },
  });
  const [language, setLanguage] = useState<CaptionLanguage>("vi");
  const [busy, setBusy] = useState(false);
  const [captionError, setCaptionError] = useState<string | null>(null);

  const data = status.data;
  if (!data) return null;

  const uploadCaption = async (file: File) => {
    setCaptionError(null);
    if (file.size > MAX_CAPTION_CHARS * 4) {
      setCaptionError(t("captions.invalid"));
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/videos/${data.fileId}/captions`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ language, text: await file.text(), fileName: file.name }),
      });
      if (!response.ok)
        setCaptionError(response.status === 400 ? t("captions.invalid") : await readError(response));
      await queryClient.invalidateQueries({ queryKey });
    } finally {
      setBusy(false);
    }
  };
  const removeCaption = async (lang: CaptionLanguage) => {
    setBusy(true);
    try {
      await fetch(`/api/videos/${data.fileId}/captions/${lang}`, {
        method: "DELETE",
        credentials: "same-origin",
      });
      await queryClient.invalidateQueries({ queryKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3 rounded-md border border-border p-3" data-testid="video-processing">
      {data.status === "pending" || data.status === "processing" ? (
        <div className="grid gap-1.5" role="status">
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            {t("processing.progress", { percent: data.progress })}
          </p>
          <Progress value={data.progress} className="max-w-sm" aria-label={t("processing.label")} />
          <p className="text-xs text-muted-foreground">{t("processing.hint")}</p>
        </div>
      ) : data.status === "ready" ? (
        <p className="flex flex-wrap items-center gap-1.5 text-sm" role="status">
          <CheckCircle2Icon className="size-4 text-success" aria-hidden />
          {t("processing.ready", {
            duration: data.durationSeconds ? formatDuration(data.durationSeconds) : "—",
            renditions: data.renditions.map((h) => `${h}p`).join(", "),
          })}
        </p>
      ) : data.status === "failed" ? (
        <div className="grid gap-1 text-sm" role="alert">
          <p className="flex items-center gap-1.5 font-medium text-destructive">
            <AlertTriangleIcon className="size-4" aria-hidden />
            {t("processing.failed")}
          </p>
          <p className="text-muted-foreground">{data.error}</p>
          <p className="text-muted-foreground">{t("processing.originalPlays")}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("processing.unavailable")}</p>
      )}

      <div className="grid gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <SubtitlesIcon className="size-4" aria-hidden />
          {t("captions.title")}
        </p>
        {data.captions.length > 0 ? (
          <ul className="grid gap-1" data-testid="caption-list">
            {data.captions.map((caption) => (
              <li
                key={caption.language}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
              >
                <span className="min-w-0 truncate">
                  {t(`captions.language.${caption.language}`)}
                  {caption.originalName ? ` · ${caption.originalName}` : ""}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={busy}
                  onClick={() => void removeCaption(caption.language)}
                >
                  <Trash2Icon aria-hidden />
                  {t("captions.remove")}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted-foreground">{t("captions.none")}</p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-lang`} className="sr-only">
            {t("captions.languageLabel")}
          </label>
          <select
            id={`${id}-lang`}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value={language}
            onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}
          >
            {CAPTION_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`captions.language.${lang}`)}
              </option>
            ))}
          </select>
          <label
            htmlFor={`${id}-caption`}
            className={cn(
              buttonVariants({ variant: "outline", size: "sm" }),
              "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring",
              busy && "pointer-events-none opacity-50",
            )}
          >
            <UploadIcon aria-hidden />
            {t("captions.upload")}
            <input
              id={`${id}-caption`}
              type="file"
              accept=".vtt,.srt,text/vtt"
              className="sr-only"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void uploadCaption(file);
              }}
            />
          </label>
        </div>
        <p className="text-xs text-muted-foreground">{t("captions.hint")}</p>
        {captionError ? (
          <p role="alert" className="text-sm text-destructive">
            {captionError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
