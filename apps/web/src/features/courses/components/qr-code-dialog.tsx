import type { CourseSummary } from "@academy/shared";
import { DownloadIcon, ImageOffIcon, Link2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { courseQrUrl, joinLink } from "../api/courses";
import { useShareLink } from "./course-card";

/** QR image size in pixels (000 §9: 200×200). */
export const QR_SIZE = 200;

/**
 * The QR code of a published course's invite link (000 §2 Generate QR Code; DESIGN §5: made by the
 * app, not a third-party service): a 200×200 PNG, a Download button and the link itself.
 */
export function QrCodeDialog({
  open,
  course,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  course: CourseSummary | null;
  onOpenChange: (open: boolean) => void;
  returnFocus?: HTMLElement | null;
}) {
  const { t } = useTranslation("courses");
  const share = useShareLink();
  const [state, setState] = React.useState<"loading" | "ready" | "failed">("loading");
  const courseId = course?.id;
  React.useEffect(() => {
    if (open && courseId) setState("loading");
  }, [open, courseId]);

  return (
    <Dialog open={open && course !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-sm"
        closeLabel={t("qr.close")}
        onCloseAutoFocus={(event) => {
          if (!returnFocus?.isConnected) return;
          event.preventDefault();
          returnFocus.focus();
        }}
      >
        {course ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("qr.title")}</DialogTitle>
              <DialogDescription>{t("qr.description", { title: course.title })}</DialogDescription>
            </DialogHeader>
            <div className="grid justify-items-center gap-3">
              <div
                className="relative grid place-items-center rounded-xl border border-border bg-white p-3 shadow-sm"
                style={{ width: QR_SIZE + 26, height: QR_SIZE + 26 }}
              >
                {state === "loading" ? <Skeleton className="absolute inset-3" aria-hidden /> : null}
                {state === "failed" ? (
                  <p
                    role="alert"
                    className="grid justify-items-center gap-2 px-4 text-center text-sm text-muted-foreground"
                  >
                    <ImageOffIcon className="size-6" aria-hidden />
                    {t("qr.loadFailed")}
                  </p>
                ) : (
                  <img
                    key={course.id}
                    src={courseQrUrl(course.id)}
                    width={QR_SIZE}
                    height={QR_SIZE}
                    alt={t("qr.alt", { title: course.title })}
                    onLoad={() => setState("ready")}
                    onError={() => setState("failed")}
                    className="relative size-[200px] [image-rendering:pixelated]"
                    data-testid="course-qr"
                  />
                )}
              </div>
              <p className="w-full truncate rounded-md bg-muted px-3 py-2 text-center font-mono text-xs text-muted-foreground">
                {joinLink(course.id)}
              </p>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => void share(course.id)}>
                <Link2Icon aria-hidden />
                {t("qr.copyLink")}
              </Button>
              <Button asChild aria-disabled={state === "failed"}>
                <a href={courseQrUrl(course.id, true)} download={`course-qr-${course.id}.png`}>
                  <DownloadIcon aria-hidden />
                  {t("qr.download")}
                </a>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
