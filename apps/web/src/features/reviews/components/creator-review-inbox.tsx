import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/utils";
import { type CreatorReviewFilter, creatorReviewsQueryOptions } from "../api/reviews";
import { ReviewItem } from "./course-reviews";

/** The creator's review inbox: newest first, all / unanswered / 1–2 stars, with reply and report. */
export function CreatorReviewInbox({
  courseId,
  renderReport,
}: {
  /** One of the creator's courses, or "" for all. */
  courseId: string;
  renderReport?: (reviewId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("analytics");
  const [filter, setFilter] = React.useState<CreatorReviewFilter>("all");
  const [page, setPage] = React.useState(1);
  const inbox = useQuery(creatorReviewsQueryOptions({ courseId, filter, page }));
  return (
    <Card className="min-w-0" data-testid="reviews-inbox">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("creator.reviews.inbox")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("creator.reviews.inboxHelp")}</p>
      </CardHeader>
      <CardContent className="min-w-0">
        <div className="mb-2 flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="reviews-filter" className="text-xs">
              {t("creator.reviews.filterLabel")}
            </Label>
            <NativeSelect
              id="reviews-filter"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as CreatorReviewFilter);
                setPage(1);
              }}
            >
              <option value="all">{t("creator.reviews.filter.all")}</option>
              <option value="unanswered">{t("creator.reviews.filter.unanswered")}</option>
              <option value="low">{t("creator.reviews.filter.low")}</option>
            </NativeSelect>
          </div>
        </div>
        {inbox.data ? (
          inbox.data.reviews.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("creator.reviews.inboxEmpty")}</p>
          ) : (
            <>
              <ul>
                {inbox.data.reviews.map((r) => (
                  <ReviewItem
                    key={r.id}
                    review={r}
                    signedIn
                    viewerIsCreator
                    courseTitle={r.courseTitle}
                    renderReport={renderReport}
                  />
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={inbox.data.pageSize}
                total={inbox.data.total}
                onPageChange={setPage}
                busy={inbox.isFetching}
                label={t("creator.reviews.pages")}
              />
            </>
          )
        ) : inbox.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(inbox.error)}
          </p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
