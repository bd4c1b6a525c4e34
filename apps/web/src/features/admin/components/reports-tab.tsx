import { REMOVABLE_TYPES, REPORT_REASONS } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { OptionsSelect } from "@/components/form/options-select";
import { QueryList } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { formatDateTime } from "@/lib/format";
import { errorText } from "@/lib/utils";
import { reportsQueryOptions, useDeleteReport, useReviewReport } from "../api/admin";

/**
 * Admin Panel › Reports (issue 14; issue 24 §4; its own tab since issue 27 §4): reported content with what it says and a
 * link; Keep, Hide (a course or landing page is taken down) or Remove (discussions, replies,
 * reviews); review requests of taken-down content: allow publishing again or keep it down.
 */
export function ReportsTab() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = React.useState<"all" | "pending" | "approved" | "rejected">("pending");
  const [page, setPage] = React.useState(1);
  const reports = useQuery(reportsQueryOptions(status, page));
  const review = useReviewReport();
  const remove = useDeleteReport();
  const decide = (id: string, decision: "approved" | "rejected" | "removed", done: string) =>
    review.mutate(
      { id, decision },
      {
        onSuccess: () => toast.success(t(done)),
        onError: (err) => toast.error(errorText(err)),
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Label htmlFor="report-status">{t("reports.status")}</Label>
        <OptionsSelect
          id="report-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
          options={["pending", "approved", "rejected", "all"] as const}
          labelOf={(s) => t(`reports.statuses.${s}`)}
        />
      </div>
      <QueryList
        pending={reports.isPending}
        items={reports.data?.reports}
        empty={t("reports.empty")}
        paging={{ data: reports.data, page, onPageChange: setPage, label: t("pagination") }}
      >
        <ul className="flex flex-col gap-3">
          {reports.data?.reports.map((r) => (
            <li key={r.id}>
              <Card data-testid="report-card">
                <CardContent className="flex flex-col gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    {r.kind === "appeal" ? (
                      <Badge className="bg-sky-100 text-sky-900">{t("reports.appeal")}</Badge>
                    ) : null}
                    <Badge variant="secondary">{t(`reports.types.${r.targetType}`)}</Badge>
                    <span className="min-w-0 flex-1 break-words font-semibold" data-testid="report-title">
                      {r.targetTitle ?? t("reports.gone")}
                    </span>
                    {r.takenDown ? (
                      <Badge className="bg-amber-100 text-amber-900">{t("reports.takenDown")}</Badge>
                    ) : null}
                    <Badge variant={r.status === "pending" ? "default" : "secondary"}>
                      {t(`reports.statuses.${r.status}`)}
                    </Badge>
                  </div>
                  {r.targetExcerpt ? (
                    <blockquote
                      className="whitespace-pre-line break-words border-l-2 border-border pl-3 text-sm text-slate-700"
                      data-testid="report-excerpt"
                    >
                      {r.targetExcerpt}
                    </blockquote>
                  ) : null}
                  {r.targetLink ? (
                    <a
                      href={r.targetLink}
                      target="_blank"
                      rel="noopener"
                      className="w-fit text-sm font-medium text-brand underline-offset-2 hover:underline"
                      data-testid="report-link"
                    >
                      {t("reports.open")}
                    </a>
                  ) : null}
                  {r.kind === "appeal" ? null : (
                    <p className="break-words text-sm">
                      <span className="text-muted-foreground">{t("reports.reason")}: </span>
                      {(REPORT_REASONS as readonly string[]).includes(r.reason)
                        ? t(`report.reasons.${r.reason}`)
                        : r.reason}
                    </p>
                  )}
                  {r.details ? (
                    <p className="whitespace-pre-line break-words text-sm" data-testid="report-details">
                      <span className="text-muted-foreground">{t("reports.details")}: </span>
                      {r.details}
                    </p>
                  ) : null}
                  <p className="break-words text-xs text-muted-foreground">
                    {r.kind === "appeal"
                      ? t("reports.requestedBy", { owner: r.ownerEmail ?? "—" })
                      : t("reports.by", {
                          reporter: r.reporterEmail ?? "—",
                          owner: r.ownerEmail ?? "—",
                        })}{" "}
                    · {formatDateTime(r.createdAt, i18next.language)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {r.status === "pending" ? (
                      r.kind === "appeal" ? (
                        <>
                          <Button
                            size="sm"
                            onClick={() => decide(r.id, "approved", "reports.allowed")}
                            data-testid="report-allow"
                          >
                            {t("reports.allow")}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => decide(r.id, "rejected", "reports.keptDown")}
                            data-testid="report-keep-down"
                          >
                            {t("reports.keepDown")}
                          </Button>
                        </>
                      ) : (
                        <>
                          <Button
                            size="sm"
                            onClick={() => decide(r.id, "approved", "reports.kept")}
                            data-testid="report-keep"
                          >
                            {t("reports.keep")}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => decide(r.id, "rejected", "reports.hidden")}
                            data-testid="report-hide"
                          >
                            {t("reports.hide")}
                          </Button>
                          {(REMOVABLE_TYPES as readonly string[]).includes(r.targetType) ? (
                            <Button
                              size="sm"
                              variant="destructive"
                              onClick={() => {
                                if (window.confirm(t("reports.confirmRemove")))
                                  decide(r.id, "removed", "reports.removed");
                              }}
                              data-testid="report-remove"
                            >
                              {t("reports.remove")}
                            </Button>
                          ) : null}
                        </>
                      )
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        if (window.confirm(t("reports.confirmDelete"))) remove.mutate(r.id);
                      }}
                    >
                      {t("delete")}
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </QueryList>
    </div>
  );
}
