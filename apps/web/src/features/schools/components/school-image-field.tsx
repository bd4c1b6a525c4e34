import { INVALID_LOGO_MESSAGE } from "@academy/shared/rules/upload-areas";
import { useTranslation } from "react-i18next";
import { ImageFieldFrame, ImageUploadButtons, useImageUpload } from "@/components/image-upload-field";
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
  const upload = useImageUpload({
    area,
    accept: area === "school-logo" ? ["image/png", "image/jpeg"] : ["image/png"],
    invalidMessage: INVALID_LOGO_MESSAGE,
    failed: t("toast.uploadFailed"),
    uploaded: t("toast.imageUploaded"),
    describe: (message) => translateSchoolMessage(t, message),
    onUploaded: (stored) => onChange(stored.url),
  });

  return (
    <ImageFieldFrame
      id={id}
      label={label}
      className="grid content-start gap-2"
      help={
        area === "school-logo"
          ? t("image.logoHelp", { mb: upload.maxMb })
          : t("image.faviconHelp", { mb: upload.maxMb })
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {value ? (
            <img src={value} alt={t("image.current", { label })} className="size-full object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">{t("image.none")}</span>
          )}
        </div>
        <ImageUploadButtons
          id={id}
          upload={upload}
          className="flex flex-wrap gap-2"
          testId={`${area}-input`}
          uploadLabel={t("image.upload")}
          uploadingLabel={(percent) => t("image.uploading", { percent })}
          removeLabel={t("image.remove")}
          onRemove={value ? () => onChange("") : undefined}
        />
      </div>
    </ImageFieldFrame>
  );
}
