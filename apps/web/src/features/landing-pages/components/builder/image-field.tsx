import { fileTooLargeMessage, INVALID_IMAGE_MESSAGE, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { ImageUpIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { uploadFile } from "@/lib/upload-file";

const ACCEPT = ["image/jpeg", "image/png", "image/webp"];

/**
 * An image picker for landing pages (spec 001 §5 image upload, §7 storage upload): jpeg, png or
 * webp, 5 MB (3 MB for the social image), checked here and again by the server from the bytes.
 * Upload → 'Image uploaded successfully'; removal → 'Image removed' (the stored file is deleted
 * when this session uploaded it).
 */
export function ImageField({
  id,
  label,
  value,
  onChange,
  area = "landing-page",
  help,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  area?: "landing-page" | "social-image";
  help?: string;
}) {
  const { t } = useTranslation("landingPages");
  const input = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const uploadedId = React.useRef<string | null>(null);
  const maxMb = UPLOAD_AREAS[area].maxMb;

  const pick = async (file: File) => {
    if (!ACCEPT.includes(file.type)) {
      toast.error(t("toast.uploadFailed"), { description: INVALID_IMAGE_MESSAGE });
      return;
    }
    if (file.size > maxMb * 1024 * 1024) {
      toast.error(t("toast.uploadFailed"), { description: fileTooLargeMessage(maxMb) });
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, area, { onProgress: setProgress });
      uploadedId.current = stored.id;
      onChange(stored.url);
      toast.success(t("toast.imageUploaded"));
    } catch (error) {
      toast.error(t("toast.uploadFailed"), {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  const remove = () => {
    const stored = uploadedId.current;
    uploadedId.current = null;
    onChange("");
    toast.success(t("toast.imageRemoved"));
    if (stored)
      void fetch(`/api/uploads/${stored}`, { method: "DELETE", credentials: "same-origin" }).catch(
        () => undefined,
      );
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      {value ? (
        <img src={value} alt="" className="max-h-40 w-auto max-w-full rounded-md border object-cover" />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT.join(",")}
          className="sr-only"
          aria-labelledby={`${id}-label`}
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
          {progress !== null ? t("sections.uploading", { percent: progress }) : t("sections.uploadImage")}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={remove}>
            <Trash2Icon aria-hidden />
            {t("sections.removeImage")}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{help ?? t("sections.imageHelp", { mb: maxMb })}</p>
    </div>
  );
}
