import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { reportsQueryOptions, useResolveReport } from "../api/community";

/**
 * The creator's moderation queue (issue 13 §2): pending reports of discussions and replies in
 * their school; Keep approves, Hide hides the post from everyone but its author (issue 24 §4;
 * content_reports, shared with issue 14 — a platform admin may still remove it).
 */
export function ModerationQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  const reports = useQuery(reportsQueryOptions);
  const resolve = useResolveReport();
  return (
    <Card data-testid="moderation-queue">
      <CardHeader>
        <CardTitle>{t("moderationTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {reports.isPending ? (
          <Spinner label={t("loading")} />
        ) : reports.isError ? (
          <p role="alert" className="text-sm">
            {(reports.error as Error).message}
          </p>
        ) : reports.data.reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noReports")}</p>
        ) : (
          <ul className="space-y-3">
            {reports.data.reports.map((r) => (
              <li
                key={r.id}
                className="rounded-md border border-border p-3 text-sm"
                data-testid="report-item"
              >
                <p className="font-medium break-words">
                  {r.targetType === "discussion" ? t("reportedDiscussion") : t("reportedReply")}:{" "}
                  {r.discussionId ? (
                    <button
                      type="button"
                      className="text-primary hover:underline"
                      onClick={() => onOpen(r.discussionId as string)}
                    >
                      {r.title}
                    </button>
                  ) : (
                    r.title
                  )}
                </p>
                {r.excerpt ? (
                  <p className="mt-1 line-clamp-2 break-words text-muted-foreground">{r.excerpt}</p>
                ) : null}
                <p className="mt-1 break-words">
                  {t("reportedBy", {
                    name: r.reporter?.name ?? t("unknownUser"),
                    date: formatDate(r.createdAt, i18n.language),
                  })}
                  : <span className="italic">{r.reason}</span>
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resolve.isPending}
                    onClick={() =>
                      resolve.mutate({ id: r.id, action: "keep" }, { onError: (e) => toast.error(e.message) })
                    }
                  >
                    {t("keepPost")}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={resolve.isPending}
                    onClick={() =>
                      resolve.mutate(
                        { id: r.id, action: "hide" },
                        {
                          onSuccess: () => toast.success(t("postHidden")),
                          onError: (e) => toast.error(e.message),
                        },
                      )
                    }
                  >
                    {t("hidePost")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
