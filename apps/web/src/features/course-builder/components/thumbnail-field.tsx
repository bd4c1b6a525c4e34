import { ImageIcon, ImagePlusIcon, Trash2Icon, WandSparklesIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { ApiError } from "@/lib/api-client";
import {
  checkThumbnailFile,
  generateThumbnail,
  THUMBNAIL_MAX_MB,
  THUMBNAIL_TYPES,
  uploadThumbnail,
} from "../api/thumbnail";
import { translateMessage } from "../lib/messages";

/**
 * The course thumbnail (spec 001 §2 "thumbnail (upload or auto-generated)", §5 Image upload):
 * a 16:9 preview; Upload image (JPEG/PNG/WebP up to 5 MB, checked here first with the server's
 * messages, sent with a progress bar); Generate from title (a 1280×720 image made by the server);
 * Remove.
 */
export function ThumbnailField({
  value,
  title,
  category,
  onChange,
}: {
  value: string | null;
  title: string;
  category: string | null;
  onChange: (url: string | null) => void;
}) {
  const { t } = useTranslation("builder");
  const inputRef = React.useRef<HTMLInputElement>(null);
  const abortRef = React.useRef<AbortController | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [generating, setGenerating] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const busy = progress !== null || generating;

  React.useEffect(() => () => abortRef.current?.abort(), []);

  const fail = (cause: unknown) => {
    if (cause instanceof DOMException && cause.name === "AbortError") return;
    setError(cause instanceof ApiError ? translateMessage(t, cause.message) : t("thumbnail.failed"));
  };

  const upload = async (file: File) => {
    setError(null);
    const refused = checkThumbnailFile(file);
    if (refused) {
      setError(translateMessage(t, refused));
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const stored = await uploadThumbnail(file, { onProgress: setProgress, signal: controller.signal });
      onChange(stored.url);
    } catch (cause) {
      fail(cause);
    } finally {
      setProgress(null);
      abortRef.current = null;
    }
  };

  const generate = async () => {
    setError(null);
    setGenerating(true);
    try {
      const stored = await generateThumbnail({ title: title.trim(), category });
      onChange(stored.url);
    } catch (cause) {
      fail(cause);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="course-thumbnail-file">{t("info.thumbnail")}</Label>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg border border-border bg-muted">
        {value ? (
          <img
            src={value}
            alt={t("thumbnail.alt")}
            className="size-full object-cover"
            data-testid="thumbnail-preview"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
            <ImageIcon className="size-8" aria-hidden />
            <span className="text-xs">{t("thumbnail.empty")}</span>
          </div>
        )}
        {generating ? (
          <div className="absolute inset-0 flex items-center justify-center bg-background/70 text-sm font-medium">
            {t("thumbnail.generating")}
          </div>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="grid gap-1" aria-live="polite">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{t("thumbnail.uploading")}</span>
            <span>{progress}%</span>
          </div>
          <Progress value={progress} aria-label={t("thumbnail.uploading")} />
        </div>
      ) : null}
      <input
        ref={inputRef}
        id="course-thumbnail-file"
        type="file"
        accept={THUMBNAIL_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => inputRef.current?.click()}
        >
          <ImagePlusIcon aria-hidden />
          {t("thumbnail.upload")}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy || !title.trim()}
          onClick={() => void generate()}
          title={title.trim() ? undefined : t("thumbnail.needsTitle")}
        >
          <WandSparklesIcon aria-hidden />
          {t("thumbnail.generate")}
        </Button>
        {value ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive sm:col-span-2 lg:col-span-1"
            disabled={busy}
            onClick={() => {
              setError(null);
              onChange(null);
            }}
          >
            <Trash2Icon aria-hidden />
            {t("thumbnail.remove")}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{t("thumbnail.hint", { mb: THUMBNAIL_MAX_MB })}</p>
      )}
    </div>
  );
}
