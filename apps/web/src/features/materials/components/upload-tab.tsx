import type { Material } from "@academy/shared";
import { parseMinutes } from "@academy/shared";
import { FileIcon, FileUpIcon, UploadCloudIcon, XIcon } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Textarea } from "@/components/ui/textarea";
import { ResumableUploadStatus } from "@/components/upload-progress";
import { ApiError } from "@/lib/api-client";
import type { UploadedFile } from "@/lib/upload-file";
import { useResumableUpload } from "@/lib/use-resumable-upload";
import { cn } from "@/lib/utils";
import { useAddUploadedMaterial } from "../api/materials";
import {
  checkMaterialFile,
  formatBytes,
  MATERIAL_ACCEPT,
  MATERIAL_MAX_MB,
  parseTags,
  titleFromFileName,
} from "../material-rules";

/** Reads the length of an audio or video file in whole minutes (rounded up), or null. */
function mediaMinutes(file: File): Promise<number | null> {
  if (!/^(audio|video)\//.test(file.type) || typeof URL.createObjectURL !== "function")
    return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement(file.type.startsWith("video/") ? "video" : "audio");
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    media.preload = "metadata";
    media.onloadedmetadata = () =>
      done(
        Number.isFinite(media.duration) && media.duration > 0
          ? Math.max(1, Math.ceil(media.duration / 60))
          : null,
      );
    media.onerror = () => done(null);
    media.src = url;
  });
}

/**
 * Upload (issue: "real"): a PDF, video, audio, presentation or image file into the creator's own
 * library. Drag and drop or a file picker; client checks mirroring the server (types, 100 MB); title,
 * description and tags; a resumable tus upload to area "material" (issue 26 §1: bar, MB sent,
 * speed, time left, Pause / Resume, Cancel, automatic retry after a drop, "Resume upload of …"
 * when the same file is picked again after a reload), then POST /api/materials.
 */
export function UploadTab({
  category,
  skillLevel,
  onUploaded,
}: {
  category: string | null;
  skillLevel: string;
  onUploaded: (material: Material) => void;
}) {
  const { t, i18n } = useTranslation("materials");
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [title, setTitle] = useState("");
  const autoTitle = useRef("");
  const autoMinutes = useRef("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState("");
  const [duration, setDuration] = useState("");
  const [saving, setSaving] = useState(false);
  const addMaterial = useAddUploadedMaterial();

  /** The file is stored: record it as a material with the form's fields. */
  const save = async (stored: UploadedFile) => {
    setSaving(true);
    try {
      const material = await addMaterial.mutateAsync({
        uploadId: stored.id,
        title: title.trim() || undefined,
        description: description.trim() || undefined,
        tags: parseTags(tags),
        ...(category ? { category } : {}),
        ...(skillLevel ? { skillLevel } : {}),
        duration: parseMinutes(duration),
      });
      toast.success(t("upload.doneTitle"), { description: t("upload.doneBody", { title: material.title }) });
      reset();
      onUploaded(material);
    } catch (error) {
      toast.error(t("errorTitle"), { description: uploadErrorText(error, t) });
    } finally {
      setSaving(false);
    }
  };
  const uploader = useResumableUpload("material", {
    onSuccess: (stored) => void save(stored),
    onError: (error) => toast.error(t("errorTitle"), { description: uploadErrorText(error, t) }),
  });
  const { active, offer } = uploader;
  const busy = active !== null || saving;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    uploader.dismissOffer();
    const problem = checkMaterialFile(chosen);
    if (problem) {
      setFileError(
        problem === "size"
          ? t("upload.tooLarge", { max: MATERIAL_MAX_MB })
          : t(`upload.${problem === "empty" ? "empty" : "invalidType"}`),
      );
      return;
    }
    setFileError(null);
    setFile(chosen);
    // The title and minutes follow the file until the creator types their own (issue 17 item 10:
    // replacing the file kept the first file's title).
    const previousTitle = autoTitle.current;
    const nextTitle = titleFromFileName(chosen.name);
    autoTitle.current = nextTitle;
    setTitle((current) => (!current || current === previousTitle ? nextTitle : current));
    const previousMinutes = autoMinutes.current;
    autoMinutes.current = "";
    setDuration((current) => (current === previousMinutes ? "" : current));
    void mediaMinutes(chosen).then((minutes) => {
      if (minutes === null) return;
      autoMinutes.current = String(minutes);
      setDuration((current) => current || String(minutes));
    });
  };

  const reset = () => {
    uploader.dismissOffer();
    autoTitle.current = "";
    autoMinutes.current = "";
    setFile(null);
    setTitle("");
    setDescription("");
    setTags("");
    setDuration("");
    setFileError(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const submit = () => {
    if (!file || busy || offer) return;
    // An interrupted upload of the same file (network drop, reload): offer to continue it.
    void uploader.choose(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files?.[0]);
  };

  return (
    <form
      className="grid gap-5 lg:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label={t("upload.formLabel")}
    >
      <div className="grid content-start gap-3">
        <label
          htmlFor={`${id}-file`}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = "copy";
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-dropzone"
          className={cn(
            "flex min-h-52 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors",
            dragging
              ? "border-primary bg-secondary"
              : "border-border bg-muted/30 hover:border-primary/50 hover:bg-muted/60",
            busy && "pointer-events-none opacity-60",
            "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-background text-primary shadow-sm">
            <UploadCloudIcon className="size-6" aria-hidden />
          </span>
          <span className="font-medium">
            {t("upload.dropTitle")}{" "}
            <span className="text-primary underline underline-offset-4">{t("upload.browse")}</span>
          </span>
          <span className="max-w-xs text-xs text-muted-foreground">
            {t("upload.accepted", { max: MATERIAL_MAX_MB })}
          </span>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={MATERIAL_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        {fileError ? (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-destructive">
            {fileError}
          </p>
        ) : null}
        {file ? (
          <div
            className="flex items-center gap-3 rounded-lg border border-border bg-background p-3"
            data-testid="upload-file"
          >
            <FileIcon className="size-5 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{file.name}</p>
              <p className="text-xs text-muted-foreground">{formatBytes(file.size, i18n.language)}</p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              disabled={busy}
              aria-label={t("upload.removeFile", { name: file.name })}
              onClick={reset}
            >
              <XIcon aria-hidden />
            </Button>
          </div>
        ) : null}
        <ResumableUploadStatus uploader={uploader} onCancelled={() => toast(t("upload.cancelled"))} />
        {saving ? (
          <div className="grid gap-1.5" data-testid="upload-saving">
            <div className="flex items-center justify-between text-sm">
              <span>{t("upload.saving")}</span>
              <span className="tabular-nums text-muted-foreground">100%</span>
            </div>
            <Progress value={100} aria-label={t("upload.saving")} />
          </div>
        ) : null}
      </div>

      <div className="grid content-start gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>{t("upload.title")}</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            placeholder={t("upload.titlePlaceholder")}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-description`}>{t("upload.description")}</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            maxLength={2000}
            rows={3}
            placeholder={t("upload.descriptionPlaceholder")}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-tags`}>{t("upload.tags")}</Label>
            <Input
              id={`${id}-tags`}
              value={tags}
              placeholder={t("upload.tagsPlaceholder")}
              aria-describedby={`${id}-tags-hint`}
              onChange={(event) => setTags(event.target.value)}
            />
            <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
              {t("upload.tagsHint")}
            </p>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-duration`}>{t("upload.duration")}</Label>
            <Input
              id={`${id}-duration`}
              type="number"
              inputMode="numeric"
              min={0}
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
            />
          </div>
        </div>
        <div>
          <Button type="submit" disabled={!file || busy || offer !== null} className="w-full sm:w-auto">
            <FileUpIcon aria-hidden />
            {busy ? t("upload.submitting") : t("upload.submit")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function uploadErrorText(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error instanceof ApiError) {
    if (error.status === 413) {
      const max = /less than (\d+)\s*MB/i.exec(error.serverMessage)?.[1];
      return max ? t("upload.tooLarge", { max: Number(max) }) : t("upload.refusedTooLarge");
    }
    if (error.status === 400 && /^Please upload a PDF/.test(error.serverMessage))
      return t("upload.invalidType");
    if (error.status === 0) return t("upload.network");
    if (error.status === 404 && (!error.serverMessage || error.serverMessage === "No such endpoint."))
      return t("upload.unavailable");
    if (error.message) return error.message;
  }
  return t("upload.failed");
}
