import type { LibraryItem } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { ExternalLinkIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { OptionsSelect } from "@/components/form/options-select";
import { QueryList } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";
import { errorText } from "@/lib/utils";
import { type LibraryParams, libraryQueryOptions, useReviewLibraryItem } from "../api/admin";

const STATUS_BADGE: Record<LibraryItem["status"], string> = {
  pending: "border-amber-400 text-amber-800",
  approved: "border-emerald-500 text-emerald-700",
  rejected: "border-destructive text-destructive",
};

/**
 * Admin Panel › Content Library (spec 001 §1, §4 Admin content review; issue 27 §4): every course,
 * landing page and material of the platform with its review status (pending review: new, or
 * changed since the last decision; approved; rejected). Type and status filters, a search over
 * title and owner (accents ignored), 20 a page. Approve, or Reject with a reason (the owner is
 * e-mailed and the item is taken down; approving lets it go live again).
 */
export function LibraryTab() {
  const { t } = useTranslation("admin");
  const [search, setSearch] = React.useState("");
  const [params, setParams] = React.useState<LibraryParams>({
    type: "all",
    status: "pending",
    search: "",
    page: 1,
  });
  const library = useQuery(libraryQueryOptions(params));
  const review = useReviewLibraryItem();
  const [rejecting, setRejecting] = React.useState<LibraryItem | null>(null);
  const [reason, setReason] = React.useState("");
  React.useEffect(() => {
    const id = setTimeout(
      () => setParams((p) => (p.search === search.trim() ? p : { ...p, search: search.trim(), page: 1 })),
      300,
    );
    return () => clearTimeout(id);
  }, [search]);
  const decide = (item: LibraryItem, decision: "approved" | "rejected", why?: string) =>
    review.mutate(
      { type: item.type, id: item.id, decision, reason: why },
      {
        onSuccess: () => {
          toast.success(t(decision === "approved" ? "library.approvedToast" : "library.rejectedToast"));
          setRejecting(null);
          setReason("");
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  return (
    <div className="flex flex-col gap-4" data-testid="library-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Input
          type="search"
          aria-label={t("library.search")}
          placeholder={t("library.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-xs"
        />
        <div className="flex items-center gap-2">
          <Label htmlFor="library-type">{t("library.type")}</Label>
          <OptionsSelect
            id="library-type"
            value={params.type}
            onChange={(e) =>
              setParams((p) => ({ ...p, type: e.target.value as LibraryParams["type"], page: 1 }))
            }
            options={["all", "course", "landing_page", "material"] as const}
            labelOf={(v) => t(`library.types.${v}`)}
          />
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="library-status">{t("library.status")}</Label>
          <OptionsSelect
            id="library-status"
            value={params.status}
            onChange={(e) =>
              setParams((p) => ({ ...p, status: e.target.value as LibraryParams["status"], page: 1 }))
            }
            options={["pending", "approved", "rejected", "all"] as const}
            labelOf={(v) => t(`library.statuses.${v}`)}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t("library.pendingNote")}</p>
      <QueryList
        pending={library.isPending}
        items={library.data?.items}
        empty={t("library.empty")}
        paging={{
          data: library.data,
          page: params.page,
          onPageChange: (page) => setParams((p) => ({ ...p, page })),
          label: t("pagination"),
        }}
      >
        <ul className="flex flex-col gap-2">
          {library.data?.items.map((item) => (
            <li
              key={`${item.type}:${item.id}`}
              data-testid={`library-item-${item.id}`}
              className="flex flex-col gap-3 rounded-lg border bg-background p-3 md:flex-row md:items-center"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{t(`library.types.${item.type}`)}</Badge>
                  <Badge variant="outline" className={STATUS_BADGE[item.status]}>
                    {t(`library.statuses.${item.status}`)}
                  </Badge>
                  {item.takenDown ? (
                    <Badge variant="outline" className="border-destructive text-destructive">
                      {t("library.takenDown")}
                    </Badge>
                  ) : item.type !== "material" ? (
                    <span className="text-xs text-muted-foreground">
                      {item.published ? t("library.live") : t("library.draft")}
                    </span>
                  ) : null}
                </div>
                <p className="break-words font-medium">
                  {item.link ? (
                    <a
                      href={item.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                    >
                      {item.title}
                      <ExternalLinkIcon className="size-3.5" aria-hidden />
                    </a>
                  ) : (
                    item.title
                  )}
                </p>
                <p className="break-words text-sm text-muted-foreground">
                  {[
                    item.ownerName ?? item.ownerEmail ?? t("library.noOwner"),
                    item.materialType
                      ? t("library.materialType", {
                          type: t(`library.materialTypes.${item.materialType}`, {
                            defaultValue: item.materialType,
                          }),
                        })
                      : null,
                    t("library.updated", { date: formatDateTime(item.updatedAt, i18next.language) }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {item.rejectReason ? (
                  <p className="break-words text-sm">
                    <span className="font-medium">{t("library.reason")}:</span> {item.rejectReason}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-2">
                {item.status !== "approved" || item.takenDown ? (
                  <Button size="sm" disabled={review.isPending} onClick={() => decide(item, "approved")}>
                    {t("library.approve")}
                  </Button>
                ) : null}
                {item.status !== "rejected" ? (
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={review.isPending}
                    onClick={() => {
                      setReason("");
                      setRejecting(item);
                    }}
                  >
                    {t("library.reject")}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </QueryList>
      <Dialog open={rejecting !== null} onOpenChange={(open) => (open ? null : setRejecting(null))}>
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!rejecting) return;
              if (!reason.trim()) {
                toast.error(t("library.reasonRequired"));
                return;
              }
              decide(rejecting, "rejected", reason.trim());
            }}
          >
            <DialogHeader>
              <DialogTitle>{t("library.rejectTitle", { title: rejecting?.title ?? "" })}</DialogTitle>
              <DialogDescription>{t("library.rejectHelp")}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="library-reason">{t("library.reason")}</Label>
              <Textarea
                id="library-reason"
                value={reason}
                maxLength={1000}
                rows={4}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </div>
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => setRejecting(null)}>
                {t("library.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={review.isPending}>
                {t("library.confirmReject")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
