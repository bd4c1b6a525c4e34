import { REPORT_REASONS } from "@academy/shared";
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
import { reportsQueryOptions, useDeleteReport, useReviewReport } from "../api/admin";

/** Admin Panel: reported content by status, approve / reject / delete (issue 14). */
export function ReportsTab() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = React.useState<"all" | "pending" | "approved" | "rejected">("pending");
  const [page, setPage] = React.useState(1);
  const reports = useQuery(reportsQueryOptions(status, page));
  const review = useReviewReport();
  const remove = useDeleteReport();
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
                    <Badge variant="secondary">{t(`reports.types.${r.targetType}`)}</Badge>
                    <span className="min-w-0 flex-1 break-words font-semibold">
                      {r.targetTitle ?? r.targetId}
                    </span>
                    <Badge variant={r.status === "pending" ? "default" : "secondary"}>
                      {t(`reports.statuses.${r.status}`)}
                    </Badge>
                  </div>
                  <p className="break-words text-sm">
                    <span className="text-muted-foreground">{t("reports.reason")}: </span>
                    {(REPORT_REASONS as readonly string[]).includes(r.reason)
                      ? t(`report.reasons.${r.reason}`)
                      : r.reason}
                  </p>
                  {r.details ? (
                    <p className="whitespace-pre-line break-words text-sm" data-testid="report-details">
                      <span className="text-muted-foreground">{t("reports.details")}: </span>
                      {r.details}
                    </p>
                  ) : null}
                  <p className="break-words text-xs text-muted-foreground">
                    {t("reports.by", { reporter: r.reporterEmail ?? "—", owner: r.ownerEmail ?? "—" })} ·{" "}
                    {formatDateTime(r.createdAt, i18next.language)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {r.status === "pending" ? (
                      <>
                        <Button
                          size="sm"
                          onClick={() =>
                            review.mutate(
                              { id: r.id, decision: "approved" },
                              { onSuccess: () => toast.success(t("reports.approved")) },
                            )
                          }
                        >
                          {t("reports.approve")}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() =>
                            review.mutate(
                              { id: r.id, decision: "rejected" },
                              { onSuccess: () => toast.success(t("reports.rejected")) },
                            )
                          }
                        >
                          {t("reports.reject")}
                        </Button>
                      </>
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
