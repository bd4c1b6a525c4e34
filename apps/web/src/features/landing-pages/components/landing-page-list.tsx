import { conversionRate, descriptionPreview, type LandingPage } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import {
  CopyIcon,
  EllipsisVerticalIcon,
  ExternalLinkIcon,
  LayoutTemplateIcon,
  PencilIcon,
  PlusIcon,
  QrCodeIcon,
  Share2Icon,
  Trash2Icon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import {
  landingListQueryOptions,
  landingQrUrl,
  landingUrl,
  useDeleteLandingPage,
} from "../api/landing-pages";
import { copyText, shareLink } from "../lib/share";

/**
 * /dashboard/landing-pages (spec 001 §2 Landing page list): cards with title, Live/Draft, course,
 * description (80 characters), views, conversions and rate; Edit, Preview, Share, Delete, and for
 * published pages Copy URL and the app-made QR code; empty and error states.
 */
export function LandingPageList() {
  const { t, i18n } = useTranslation("landingPages");
  const list = useQuery(landingListQueryOptions);
  const [toDelete, setToDelete] = React.useState<LandingPage | null>(null);
  const [qrFor, setQrFor] = React.useState<LandingPage | null>(null);
  const remove = useDeleteLandingPage();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(t("toast.deleted"));
      setToDelete(null);
    } catch (error) {
      toast.error(t("toast.error"), { description: error instanceof Error ? error.message : String(error) });
    }
  };

  const pages = list.data ?? [];
  return (
    <div className="grid gap-6">
      <PageTitle>{t("list.title")}</PageTitle>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("list.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("list.subtitle")}</p>
        </div>
        {pages.length > 0 ? (
          <Button asChild>
            <Link to="/dashboard/landing-pages/builder">
              <PlusIcon aria-hidden />
              {t("list.create")}
            </Link>
          </Button>
        ) : null}
      </header>

      {list.isPending ? (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-56 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6">
          <h2 className="font-semibold">{t("list.loadError")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{list.error.message}</p>
          <Button className="mt-4" variant="outline" onClick={() => void list.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      ) : pages.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-border p-10 text-center">
          <LayoutTemplateIcon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-4 text-lg font-semibold">{t("list.emptyTitle")}</h2>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">{t("list.emptyText")}</p>
          <Button asChild className="mt-6">
            <Link to="/dashboard/landing-pages/builder">
              <PlusIcon aria-hidden />
              {t("list.createFirst")}
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="landing-page-list">
          {pages.map((page) => (
            <li key={page.id} className="flex min-w-0">
              <LandingPageCard
                page={page}
                lng={i18n.language}
                onDelete={() => setToDelete(page)}
                onQr={() => setQrFor(page)}
              />
            </li>
          ))}
        </ul>
      )}

      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("list.deleteTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("list.deleteText", { title: toDelete?.title ?? "" })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("list.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                void confirmDelete();
              }}
            >
              {remove.isPending ? t("list.deleting") : t("list.delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <Dialog open={qrFor !== null} onOpenChange={(open) => !open && setQrFor(null)}>
        <DialogContent className="max-w-sm" closeLabel={t("list.close")}>
          <DialogHeader>
            <DialogTitle>{t("list.qrTitle")}</DialogTitle>
            <DialogDescription>{t("list.qrDescription", { title: qrFor?.title ?? "" })}</DialogDescription>
          </DialogHeader>
          {qrFor ? (
            <div className="grid justify-items-center gap-3">
              <img
                src={landingQrUrl(qrFor.id)}
                alt={t("list.qrTitle")}
                width={240}
                height={240}
                className="rounded-md border"
              />
              <p className="break-all text-center text-sm text-muted-foreground">{landingUrl(qrFor.slug)}</p>
              <Button asChild variant="outline">
                <a href={landingQrUrl(qrFor.id)} download={`landing-${qrFor.slug}.png`}>
                  {t("list.download")}
                </a>
              </Button>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function LandingPageCard({
  page,
  lng,
  onDelete,
  onQr,
}: {
  page: LandingPage;
  lng: string;
  onDelete: () => void;
  onQr: () => void;
}) {
  const { t } = useTranslation("landingPages");
  const url = landingUrl(page.slug, page.isPublished);
  const share = async () => {
    const result = await shareLink({ title: page.title, url: landingUrl(page.slug) });
    if (result === "copied") toast.success(t("toast.linkCopied"));
    if (result === "failed") toast.error(t("toast.shareFailed"));
  };
  const copy = async () => {
    if (await copyText(landingUrl(page.slug))) toast.success(t("toast.urlCopied"));
    else toast.error(t("toast.copyFailed"));
  };
  return (
    <article
      className="flex w-full min-w-0 flex-col rounded-xl border border-border bg-card p-5 shadow-sm"
      data-testid="landing-page-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{page.title}</h2>
          <p className="truncate text-sm text-muted-foreground">
            {page.courseTitle ? t("list.course", { title: page.courseTitle }) : t("list.noCourse")}
          </p>
        </div>
        <Badge
          variant={page.isPublished ? "default" : "secondary"}
          className={page.isPublished ? "bg-emerald-600 text-white" : ""}
        >
          {page.isPublished ? t("list.live") : t("list.draft")}
        </Badge>
      </div>
      <p className="mt-3 min-h-10 text-sm text-muted-foreground">{descriptionPreview(page.description)}</p>
      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-lg bg-muted/50 p-3 text-center">
        <div>
          <dt className="text-xs text-muted-foreground">{t("list.views")}</dt>
          <dd className="font-semibold" data-testid="views">
            {formatNumber(page.viewCount, lng)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("list.conversions")}</dt>
          <dd className="font-semibold" data-testid="conversions">
            {formatNumber(page.conversionCount, lng)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("list.rate")}</dt>
          <dd className="font-semibold" data-testid="rate">
            {conversionRate(page.viewCount, page.conversionCount)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={`/dashboard/landing-pages/builder/${page.id}`}>
            <PencilIcon aria-hidden />
            {t("list.edit")}
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={url} target="_blank" rel="noopener">
            <ExternalLinkIcon aria-hidden />
            {t("list.preview")}
          </a>
        </Button>
        <Button size="sm" variant="outline" onClick={() => void share()}>
          <Share2Icon aria-hidden />
          {t("list.share")}
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto px-2"
              aria-label={t("list.actions", { title: page.title })}
            >
              <EllipsisVerticalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {page.isPublished ? (
              <>
                <DropdownMenuItem onSelect={() => void copy()}>
                  <CopyIcon aria-hidden />
                  {t("list.copyUrl")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={onQr}>
                  <QrCodeIcon aria-hidden />
                  {t("list.qrCode")}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
              </>
            ) : null}
            <DropdownMenuItem onSelect={onDelete} className="text-destructive">
              <Trash2Icon aria-hidden />
              {t("list.delete")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
