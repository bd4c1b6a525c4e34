import { fileTooLargeMessage, INVALID_LOGO_MESSAGE, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { ImageUpIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { uploadFile } from "@/lib/upload-file";
import { translateSchoolMessage } from "../lib/messages";

/**
 * The school's logo (PNG or JPEG, 2 MB) or favicon (PNG, 1 MB) picker (issue 15): checked here,
 * stored through POST /api/uploads (area school-logo / school-favicon, decided again by the server
 * from the bytes), with upload progress; the URL goes into the form, saved with the branding.
 */
export function SchoolImageField({
  id,
  label,
  value,
  onChange,
  area,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  area: "school-logo" | "school-favicon";
}) {
  const { t } = useTranslation("schools");
  const input = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const rule = UPLOAD_AREAS[area];
  const accept = area === "school-logo" ? ["image/png", "image/jpeg"] : ["image/png"];

  const pick = async (file: File) => {
    if (!accept.includes(file.type)) {
      toast.error(t("toast.uploadFailed"), { description: translateSchoolMessage(t, INVALID_LOGO_MESSAGE) });
      return;
    }
    if (file.size > rule.maxMb * 1024 * 1024) {
      toast.error(t("toast.uploadFailed"), {
        description: translateSchoolMessage(t, fileTooLargeMessage(rule.maxMb)),
      });
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, area, { onProgress: setProgress });
      onChange(stored.url);
      toast.success(t("toast.imageUploaded"));
    } catch (error) {
      toast.error(t("toast.uploadFailed"), {
        description: translateSchoolMessage(t, error instanceof Error ? error.message : String(error)),
      });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid content-start gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {value ? (
            <img src={value} alt={t("image.current", { label })} className="size-full object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">{t("image.none")}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={accept.join(",")}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            data-testid={`${area}-input`}
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
            {progress !== null ? t("image.uploading", { percent: progress }) : t("image.upload")}
          </Button>
          {value ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
              <Trash2Icon aria-hidden />
              {t("image.remove")}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {area === "school-logo"
          ? t("image.logoHelp", { mb: rule.maxMb })
          : t("image.faviconHelp", { mb: rule.maxMb })}
      </p>
    </div>
  );
}
