import { CopyIcon, ExternalLinkIcon, Share2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { recordEvent } from "@/lib/analytics-log";
import { copyText } from "@/lib/clipboard";
import { useShareAchievement, useStopSharingAchievement } from "../api/community";

/** The public page's address for a share id (same origin as the app). */
export function achievementPageUrl(shareId: string): string {
  return `${window.location.origin}/achievements/${shareId}`;
}

/** Facebook's share dialog for `url`. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

/** Zalo Web, where the copied link is pasted into a chat (Zalo has no share link without an Official Account). */
export const ZALO_WEB_URL = "https://chat.zalo.me/";

/**
 * The Share button of an earned achievement (issue 27 §4): the first Share asks before making the
 * public page (opt-in); then the dialog offers the device's share sheet (Web Share API) where the
 * browser has one, else Copy link, plus Facebook and Zalo, and Stop sharing (the page then 404s).
 */
export function AchievementShareButton({
  achievementId,
  title,
  shareId,
}: {
  achievementId: string;
  title: string;
  shareId: string | null;
}) {
  const { t } = useTranslation("community");
  const [open, setOpen] = React.useState(false);
  const share = useShareAchievement();
  const stop = useStopSharingAchievement();
  const url = shareId ? achievementPageUrl(shareId) : null;
  const onShared = (how: "native" | "copy" | "facebook" | "zalo") =>
    recordEvent("achievement_shared", { achievement: achievementId, how });
  const canNativeShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  async function copy(link: string) {
    if (await copyText(link)) {
      toast.success(t("share.copied"));
      onShared("copy");
    } else toast.error(t("share.copyFailed"));
  }
  async function nativeShare(link: string) {
    try {
      await navigator.share({ title, url: link });
      onShared("native");
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) await copy(link);
    }
  }

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        data-testid={`share-${achievementId}`}
        aria-label={t("share.buttonLabel", { name: title })}
      >
        <Share2Icon aria-hidden />
        {t("share.button")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("share.title", { name: title })}</DialogTitle>
            <DialogDescription>{url ? t("share.publicNote") : t("share.optIn")}</DialogDescription>
          </DialogHeader>
          {url ? (
            <div className="grid gap-3">
              <p
                className="break-all rounded-md border border-border bg-muted/40 p-2 text-sm"
                data-testid="share-url"
              >
                {url}
              </p>
              <div className="grid gap-2 sm:grid-cols-2">
                {canNativeShare ? (
                  <Button type="button" onClick={() => void nativeShare(url)}>
                    <Share2Icon aria-hidden />
                    {t("share.native")}
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant={canNativeShare ? "outline" : "default"}
                  onClick={() => void copy(url)}
                >
                  <CopyIcon aria-hidden />
                  {t("share.copy")}
                </Button>
                <Button asChild variant="outline">
                  <a
                    href={facebookShareUrl(url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => onShared("facebook")}
                  >
                    <ExternalLinkIcon aria-hidden />
                    Facebook
                  </a>
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    void copyText(url).then((ok) => {
                      if (ok) toast.success(t("share.zaloCopied"));
                      window.open(ZALO_WEB_URL, "_blank", "noopener,noreferrer");
                      onShared("zalo");
                    });
                  }}
                >
                  <ExternalLinkIcon aria-hidden />
                  Zalo
                </Button>
              </div>
            </div>
          ) : null}
          <DialogFooter className="gap-2">
            {url ? (
              <Button
                type="button"
                variant="ghost"
                disabled={stop.isPending}
                onClick={() =>
                  stop.mutate(achievementId, {
                    onSuccess: () => {
                      toast.success(t("share.stopped"));
                      setOpen(false);
                    },
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                {t("share.stop")}
              </Button>
            ) : (
              <Button
                type="button"
                disabled={share.isPending}
                onClick={() =>
                  share.mutate(achievementId, { onError: (error) => toast.error(error.message) })
                }
              >
                {t("share.create")}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
