import { COURSE_MESSAGES } from "@academy/shared";
import { BYTES_PER_MB, FILE_KINDS, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { CheckCircle2Icon, LinkIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ResumableUploadStatus } from "@/components/upload-progress";
import { ApiError } from "@/lib/api-client";
import { useResumableUpload } from "@/lib/use-resumable-upload";
import { cn } from "@/lib/utils";
import type { VideoContent } from "./structure-ops";
import { VideoProcessing } from "./video-processing";
import { classifyVideoUrl, videoEmbedUrl } from "./video-url";

/** Lesson videos: the server's "lesson-video" area rule (MP4, WebM or MOV up to 500 MB). */
const VIDEO_RULE = UPLOAD_AREAS["lesson-video"];
const VIDEO_MIMES = new Set<string>(VIDEO_RULE.kinds.map((kind) => FILE_KINDS[kind].mime));
const VIDEO_EXTENSIONS = new Set<string>(
  VIDEO_RULE.kinds.flatMap((kind) => [FILE_KINDS[kind].ext, ...FILE_KINDS[kind].sniffed]),
);
export const LESSON_VIDEO_MAX_MB = VIDEO_RULE.maxMb;
export const LESSON_VIDEO_ACCEPT = [...[...VIDEO_EXTENSIONS].map((e) => `.${e}`), ...VIDEO_MIMES].join(",");

/** Client-side check of a lesson video file, with the server's "lesson-video" area rule. */
export function checkLessonVideo(file: File): "type" | "size" | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!VIDEO_MIMES.has(file.type) && !(ext && VIDEO_EXTENSIONS.has(ext))) return "type";
  if (file.size > LESSON_VIDEO_MAX_MB * BYTES_PER_MB) return "size";
  return null;
}

/**
 * The editor of a video lesson: a YouTube or Vimeo link (validated with the server's rule) or an
 * uploaded file (resumable tus upload to area "lesson-video": progress, speed, time left, pause /
 * resume, automatic retry, and "Resume upload of …" when the same file is picked again), and a preview.
 */
export function VideoLessonEditor({
  content,
  onChange,
}: {
  content: VideoContent;
  onChange: (content: VideoContent) => void;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const [mode, setMode] = useState<"link" | "upload">(content.source === "upload" ? "upload" : "link");
  const [draft, setDraft] = useState(
    content.source && content.source !== "upload" ? (content.url ?? "") : "",
  );
  const [linkError, setLinkError] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const clearPicker = () => {
    if (fileRef.current) fileRef.current.value = "";
  };
  const uploader = useResumableUpload("lesson-video", {
    onSuccess: (stored, file) => {
      clearPicker();
      onChange({ type: "video", source: "upload", url: stored.url });
      setFileName(file.name);
      setDraft("");
      setLinkError(false);
    },
    onError: (error) => {
      clearPicker();
      setUploadError(uploadErrorText(error, t));
    },
  });
  const { active } = uploader;
  const busy = active !== null;

  const commitLink = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      setLinkError(false);
      if (content.source !== "upload") onChange({ type: "video", source: null, url: null });
      return;
    }
    const classified = classifyVideoUrl(trimmed);
    if (!classified || classified.source === "upload") {
      setLinkError(true);
      if (content.source !== "upload") onChange({ type: "video", source: null, url: null });
      return;
    }
    setLinkError(false);
    onChange({ type: "video", source: classified.source, url: classified.url });
  };

  const upload = (file: File) => {
    setUploadError(null);
    uploader.dismissOffer();
    const problem = checkLessonVideo(file);
    if (problem) {
      setUploadError(
        problem === "type" ? t("video.invalidType") : t("video.tooLarge", { max: LESSON_VIDEO_MAX_MB }),
      );
      clearPicker();
      return;
    }
    // The same file picked again after a reload or a failure: offer to continue it.
    void uploader.choose(file);
  };

  const embed = content.url && content.source !== "upload" ? videoEmbedUrl(content.url) : undefined;
  const errorId = `${id}-link-error`;

  return (
    <div className="grid gap-4">
      <Tabs value={mode} onValueChange={(value) => setMode(value as "link" | "upload")}>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="link" className="whitespace-normal text-center sm:whitespace-nowrap">
            <LinkIcon className="mr-1.5 size-4" aria-hidden />
            {t("video.linkTab")}
          </TabsTrigger>
          <TabsTrigger value="upload" className="whitespace-normal text-center sm:whitespace-nowrap">
            <UploadIcon className="mr-1.5 size-4" aria-hidden />
            {t("video.uploadTab")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="link" className="grid gap-2">
          <Label htmlFor={`${id}-url`}>{t("video.urlLabel")}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={draft}
            aria-invalid={linkError}
            aria-describedby={linkError ? errorId : `${id}-url-hint`}
            onChange={(event) => {
              setDraft(event.target.value);
              if (linkError) setLinkError(false);
            }}
            onBlur={(event) => commitLink(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                commitLink(event.currentTarget.value);
              }
            }}
          />
          {linkError ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {t("video.urlInvalid", { defaultValue: COURSE_MESSAGES.videoUrlInvalid })}
            </p>
          ) : (
            <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
              {t("video.urlHint")}
            </p>
          )}
        </TabsContent>
        <TabsContent value="upload" className="grid gap-2">
          <span className="text-sm font-medium leading-none">{t("video.fileLabel")}</span>
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={`${id}-file`}
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
                busy && "pointer-events-none opacity-50",
              )}
            >
              <UploadIcon aria-hidden />
              {content.source === "upload" ? t("video.replaceFile") : t("video.chooseFile")}
              <input
                ref={fileRef}
                id={`${id}-file`}
                type="file"
                accept={LESSON_VIDEO_ACCEPT}
                className="sr-only"
                disabled={busy}
                aria-describedby={uploadError ? `${id}-file-error` : `${id}-file-hint`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) upload(file);
                }}
              />
            </label>
            {fileName ? (
              <span className="max-w-64 truncate text-sm text-muted-foreground">{fileName}</span>
            ) : null}
          </div>
          <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
            {t("video.fileHint", { max: LESSON_VIDEO_MAX_MB })}
          </p>
          <ResumableUploadStatus uploader={uploader} onCancelled={clearPicker} />
          {uploadError ? (
            <p id={`${id}-file-error`} role="alert" className="text-sm text-destructive">
              {uploadError}
            </p>
          ) : null}
        </TabsContent>
      </Tabs>

      {content.url ? (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <CheckCircle2Icon className="size-4 text-success" aria-hidden />
              {t(`video.source.${content.source ?? "upload"}`)}
            </p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => {
                onChange({ type: "video", source: null, url: null });
                setDraft("");
              }}
            >
              <Trash2Icon aria-hidden />
              {t("video.remove")}
            </Button>
          </div>
          <div className="aspect-video w-full max-w-md overflow-hidden rounded-md border border-border bg-black">
            {embed ? (
              <iframe
                src={embed}
                title={t("video.previewTitle")}
                className="size-full"
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
              />
            ) : content.source === "upload" ? (
              // biome-ignore lint/a11y/useMediaCaption: creators' uploads have no caption track yet
              <video src={content.url} controls preload="metadata" className="size-full" />
            ) : null}
          </div>
          {content.source === "upload" ? <VideoProcessing url={content.url} /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("video.none")}</p>
      )}
    </div>
  );
}

function uploadErrorText(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error instanceof ApiError) {
    if (error.status === 413) {
      const max = /less than (\d+)\s*MB/i.exec(error.serverMessage)?.[1];
      return max ? t("video.tooLarge", { max: Number(max) }) : t("upload.refusedTooLarge");
    }
    if (error.status === 400 && /video file/i.test(error.serverMessage)) return t("video.invalidType");
    if (error.status === 0) return t("upload.network");
    if (error.status === 404 && (!error.serverMessage || error.serverMessage === "No such endpoint."))
      return t("upload.unavailable");
    if (error.message) return error.message;
  }
  return t("upload.failed");
}
