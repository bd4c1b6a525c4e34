import { PauseIcon, PlayIcon, UploadIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { UploadProgress } from "@/lib/resumable-upload";
import type { useResumableUpload } from "@/lib/use-resumable-upload";

/** "1.5" for 1.5 MB/s (one decimal below 10, whole numbers above). */
export function formatSpeed(bytesPerSecond: number): string {
  const mb = bytesPerSecond / (1024 * 1024);
  return mb < 10 ? mb.toFixed(1) : String(Math.round(mb));
}

/** Time left as "1:05:09", "4:05" or "0:09". */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * The progress of a resumable upload: bar and percentage, MB sent of total, speed (MB/s) and time
 * left while it runs, "Paused" when paused, "Reconnecting…" when the network dropped, and the
 * Pause / Resume and Cancel buttons (keyboard reachable; the figures are announced politely).
 */
export function UploadProgressPanel({
  progress,
  state,
  fileName,
  onPause,
  onResume,
  onCancel,
}: {
  progress: UploadProgress;
  state: "uploading" | "paused" | "retrying";
  fileName: string;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation("common");
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  let detail: string;
  if (state === "paused") detail = t("upload.paused");
  else if (state === "retrying") detail = t("upload.reconnecting");
  else if (progress.bytesPerSecond && progress.secondsLeft !== null)
    detail = t("upload.speedAndTime", {
      speed: formatSpeed(progress.bytesPerSecond),
      time: formatTimeLeft(progress.secondsLeft),
    });
  else detail = t("upload.measuring");
  return (
    <div className="grid min-w-0 max-w-md gap-2 rounded-md border border-border p-3">
      <div className="flex min-w-0 items-center justify-between gap-2 text-sm">
        <span className="truncate font-medium">{fileName}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={t("upload.progressLabel", { name: fileName })} />
      <p className="text-xs tabular-nums text-muted-foreground" aria-live="polite">
        {t("upload.sentOfTotal", { sent: mb(progress.sent), total: mb(progress.total) })} · {detail}
      </p>
      <div className="flex flex-wrap gap-2">
        {state === "paused" ? (
          <Button type="button" variant="outline" size="sm" onClick={onResume}>
            <PlayIcon aria-hidden />
            {t("upload.resume")}
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={onPause}>
            <PauseIcon aria-hidden />
            {t("upload.pause")}
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          <XIcon aria-hidden />
          {t("upload.cancel")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The offer shown when the file just picked has an interrupted upload in this browser (after a
 * dropped connection or a reload): "Resume upload of <file>" continues from the server's offset,
 * "Start over" forgets it.
 */
export function ResumeUploadOffer({
  fileName,
  onResume,
  onStartOver,
}: {
  fileName: string;
  onResume(): void;
  onStartOver(): void;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="grid max-w-md gap-2 rounded-md border border-border p-3" role="status">
      <p className="text-sm">{t("upload.resumeOffer", { name: fileName })}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          className="h-auto min-h-8 whitespace-normal text-left"
          onClick={onResume}
        >
          <UploadIcon aria-hidden />
          {t("upload.resumeUploadOf", { name: fileName })}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onStartOver}>
          {t("upload.startOver")}
        </Button>
      </div>
    </div>
  );
}

/**
 * What a form shows for one `useResumableUpload` (issue 26 §1): the offer to resume an interrupted
 * upload of the file just picked, then the progress panel (pause, resume, cancel) while it runs.
 * `onCancelled` runs after Cancel has deleted the partial upload.
 */
export function ResumableUploadStatus({
  uploader,
  onCancelled,
}: {
  uploader: ReturnType<typeof useResumableUpload>;
  onCancelled?: () => void;
}) {
  const { offer, active } = uploader;
  return (
    <>
      {offer ? (
        <ResumeUploadOffer
          fileName={offer.name}
          onResume={() => uploader.begin(offer, true)}
          onStartOver={() => uploader.begin(offer, false)}
        />
      ) : null}
      {active ? (
        <div data-testid="upload-progress">
          <UploadProgressPanel
            progress={active.progress}
            state={active.state}
            fileName={active.file.name}
            onPause={uploader.pause}
            onResume={uploader.resume}
            onCancel={() => {
              uploader.cancel();
              onCancelled?.();
            }}
          />
        </div>
      ) : null}
    </>
  );
}
