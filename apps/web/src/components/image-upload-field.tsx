import { fileTooLargeMessage, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { ImageUpIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { type UploadArea, type UploadedFile, uploadFile } from "@/lib/upload-file";

/*
 * The image pickers' shared parts (landing pages' image and social image, a school's logo and
 * favicon; issue 28 §2): the upload with its checks, progress and toasts, the hidden file input with
 * its Upload / Remove buttons, and the labelled frame with its help line. Callers pass every text.
 */

/**
 * Picks, checks and uploads one image to `area` (POST /api/uploads, spec 001 §7): a type outside
 * `accept` toasts `failed` with `describe(invalidMessage)`, a file over the area's limit (`maxMb`,
 * in MB) `failed` with `describe(fileTooLargeMessage(maxMb))`, an upload error `failed` with
 * `describe(its message)`; success calls `onUploaded(stored)` then toasts `uploaded`. `progress` is
 * 0–100 while uploading, else null; the file input is cleared afterwards either way.
 */
export function useImageUpload({
  area,
  accept,
  invalidMessage,
  failed,
  uploaded,
  describe = (message) => message,
  onUploaded,
}: {
  area: UploadArea;
  accept: readonly string[];
  invalidMessage: string;
  failed: string;
  uploaded: string;
  describe?: (message: string) => string;
  onUploaded: (stored: UploadedFile) => void;
}) {
  const input = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const maxMb = UPLOAD_AREAS[area].maxMb;

  const pick = async (file: File) => {
    if (!accept.includes(file.type)) {
      toast.error(failed, { description: describe(invalidMessage) });
      return;
    }
    if (file.size > maxMb * 1024 * 1024) {
      toast.error(failed, { description: describe(fileTooLargeMessage(maxMb)) });
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, area, { onProgress: setProgress });
      onUploaded(stored);
      toast.success(uploaded);
    } catch (error) {
      toast.error(failed, { description: describe(error instanceof Error ? error.message : String(error)) });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  return { input, progress, pick, maxMb, accept };
}

/**
 * The hidden file input `id` (named by `{id}-label`, optional `testId`) with the Upload button
 * (`uploadingLabel(percent)` while uploading) and, when `onRemove` is given, the Remove button.
 */
export function ImageUploadButtons({
  id,
  upload,
  className,
  testId,
  uploadLabel,
  uploadingLabel,
  removeLabel,
  onRemove,
}: {
  id: string;
  upload: ReturnType<typeof useImageUpload>;
  className: string;
  testId?: string;
  uploadLabel: string;
  uploadingLabel: (percent: number) => string;
  removeLabel: string;
  onRemove?: () => void;
}) {
  const { input, progress, pick, accept } = upload;
  return (
    <div className={className}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept.join(",")}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      >
        <ImageUpIcon aria-hidden />
        {progress !== null ? uploadingLabel(progress) : uploadLabel}
      </Button>
      {onRemove ? (
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2Icon aria-hidden />
          {removeLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** The field's frame: the label (`{id}-label`), `children`, then the `help` line. */
export function ImageFieldFrame({
  id,
  label,
  help,
  className,
  children,
}: {
  id: string;
  label: string;
  help: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      {children}
      <p className="text-xs text-muted-foreground">{help}</p>
    </div>
  );
}
