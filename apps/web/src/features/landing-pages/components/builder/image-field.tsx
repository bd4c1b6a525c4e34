import { INVALID_IMAGE_MESSAGE } from "@academy/shared/rules/upload-areas";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ImageFieldFrame, ImageUploadButtons, useImageUpload } from "@/components/image-upload-field";

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
  const uploadedId = React.useRef<string | null>(null);
  const upload = useImageUpload({
    area,
    accept: ACCEPT,
    invalidMessage: INVALID_IMAGE_MESSAGE,
    failed: t("toast.uploadFailed"),
    uploaded: t("toast.imageUploaded"),
    onUploaded: (stored) => {
      uploadedId.current = stored.id;
      onChange(stored.url);
    },
  });

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
    <ImageFieldFrame
      id={id}
      label={label}
      className="grid gap-2"
      help={help ?? t("sections.imageHelp", { mb: upload.maxMb })}
    >
      {value ? (
        <img src={value} alt="" className="max-h-40 w-auto max-w-full rounded-md border object-cover" />
      ) : null}
      <ImageUploadButtons
        id={id}
        upload={upload}
        className="flex flex-wrap items-center gap-2"
        uploadLabel={t("sections.uploadImage")}
        uploadingLabel={(percent) => t("sections.uploading", { percent })}
        removeLabel={t("sections.removeImage")}
        onRemove={value ? remove : undefined}
      />
    </ImageFieldFrame>
  );
}
