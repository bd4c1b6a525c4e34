import {
  type CourseReviews as CourseReviewsData,
  REVIEW_BODY_MAX,
  REVIEW_REPLY_MAX,
  REVIEWS_PUBLIC_MINIMUM,
  type Review,
  type ReviewSort,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { MessageSquareReplyIcon, StarIcon, ThumbsUpIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormError } from "@/components/form/form-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { formatStars, Stars } from "@/components/ui/stars";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { cn, errorText } from "@/lib/utils";
import { courseReviewsQueryOptions, useMarkHelpful, useReplyToReview, useSaveReview } from "../api/reviews";

/**
 * The 1–5 star picker: five native radio buttons (arrow keys move and choose) drawn as stars.
 * `value` 0 means none chosen yet.
 */
function StarPicker({
  value,
  onChange,
  labelId,
}: {
  value: number;
  onChange: (v: number) => void;
  labelId: string;
}) {
  const { t } = useTranslation("join");
  const name = React.useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="flex items-center gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="cursor-pointer">
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="peer sr-only"
            data-testid={`review-star-${n}`}
          />
          <span className="sr-only">{t("reviews.starsLabel", { count: n })}</span>
          <StarIcon
            className={cn(
              "size-8 rounded p-0.5 peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
              n <= value ? "fill-amber-400 text-amber-400" : "text-slate-300",
            )}
            aria-hidden
          />
        </label>
      ))}
    </div>
  );
}

/** The viewer's own review: write it, or edit it. */
function MyReviewForm({ courseId, mine }: { courseId: string; mine: Review | null }) {
  const { t } = useTranslation("join");
  const save = useSaveReview(courseId);
  const [rating, setRating] = React.useState(mine?.rating ?? 0);
  const [body, setBody] = React.useState(mine?.body ?? "");
  const [editing, setEditing] = React.useState(!mine);
  const [error, setError] = React.useState("");
  const ids = React.useId();
  if (mine && !editing) {
    return (
      <div className="rounded-lg border border-border bg-white p-4" data-testid="my-review">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold">{t("reviews.yours")}</p>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {t("reviews.edit")}
          </Button>
        </div>
        <Stars value={mine.rating} className="mt-2" />
        {mine.body ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{mine.body}</p> : null}
        {mine.status === "hidden" ? (
          <p className="mt-2 text-sm text-amber-700">{t("reviews.hiddenNotice")}</p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="grid gap-3 rounded-lg border border-border bg-white p-4"
      noValidate
      data-testid="review-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) return setError(t("reviews.chooseStars"));
        setError("");
        save.mutate(
          { rating, body: body.trim() },
          {
            onSuccess: () => {
              toast.success(mine ? t("reviews.updated") : t("reviews.thanks"));
              setEditing(false);
            },
            onError: (err) => setError(err instanceof ApiError ? err.message : errorText(err)),
          },
        );
      }}
    >
      <p id={`${ids}-stars`} className="text-sm font-semibold">
        {mine ? t("reviews.editTitle") : t("reviews.writeTitle")}
      </p>
      <StarPicker value={rating} onChange={setRating} labelId={`${ids}-stars`} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-body`}>{t("reviews.bodyLabel")}</Label>
        <Textarea
          id={`${ids}-body`}
          value={body}
          maxLength={REVIEW_BODY_MAX}
          rows={4}
          placeholder={t("reviews.bodyPlaceholder")}
          onChange={(e) => setBody(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {t("reviews.bodyHint", { count: body.length, max: REVIEW_BODY_MAX })}
        </p>
      </div>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} data-testid="review-submit">
          {save.isPending ? t("reviews.saving") : mine ? t("reviews.saveEdit") : t("reviews.submit")}
        </Button>
        {mine ? (
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            {t("reviews.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The creator's one public reply to a review. */
export function ReplyForm({
  review,
  courseId,
  onDone,
}: {
  review: Review;
  courseId?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation("join");
  const reply = useReplyToReview(courseId ?? review.courseId);
  const [open, setOpen] = React.useState(false);
  const [body, setBody] = React.useState("");
  const [error, setError] = React.useState("");
  const id = React.useId();
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="review-reply-open">
        <MessageSquareReplyIcon aria-hidden />
        {t("reviews.reply")}
      </Button>
    );
  }
  return (
    <form
      noValidate
      className="grid w-full gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return setError(t("reviews.replyEmpty"));
        reply.mutate(
          { reviewId: review.id, body: body.trim() },
          {
            onSuccess: () => {
              toast.success(t("reviews.replied"));
              setOpen(false);
              onDone?.();
            },
            onError: (err) => setError(err instanceof ApiError ? err.message : errorText(err)),
          },
        );
      }}
    >
      <Label htmlFor={id}>{t("reviews.replyLabel")}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <p className="text-xs text-muted-foreground">{t("reviews.replyOnce")}</p>
      <FormError message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending} data-testid="review-reply-submit">
          {t("reviews.replySubmit")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t("reviews.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** One review as a list item: stars, author, date, text, the creator's reply and the actions. */
export function ReviewItem({
  review,
  signedIn,
  viewerIsCreator,
  courseTitle,
  renderReport,
}: {
  review: Review;
  signedIn: boolean;
  viewerIsCreator: boolean;
  courseTitle?: string;
  /** The Report control for a review (composed by the page: the admin feature's dialog). */
  renderReport?: (reviewId: string) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation("join");
  const lng = i18n.language;
  const helpful = useMarkHelpful(review.courseId);
  return (
    <li className="grid gap-2 border-b border-border py-5 last:border-b-0" data-testid="review-item">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        <span className="sr-only">{t("reviews.starsLabel", { count: review.rating })}</span>
        <span className="text-sm font-semibold">{review.authorName || t("reviews.anonymous")}</span>
        <span className="text-xs text-muted-foreground">
          {formatDate(review.createdAt, lng)}
          {review.editedAt ? ` · ${t("reviews.edited")}` : ""}
        </span>
        {review.status === "hidden" ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
            {t("reviews.hidden")}
          </span>
        ) : null}
      </div>
      {courseTitle ? <p className="text-xs text-muted-foreground">{courseTitle}</p> : null}
      {review.body ? (
        <p className="whitespace-pre-line break-words text-sm leading-6 text-slate-700">{review.body}</p>
      ) : null}
      {review.reply ? (
        <div className="ml-3 border-l-2 border-brand/40 pl-3" data-testid="review-reply">
          <p className="text-xs font-semibold text-slate-600">{t("reviews.replyFrom")}</p>
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{review.reply.body}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {signedIn && !review.own && !viewerIsCreator && review.status === "visible" ? (
          <Button
            variant={review.votedHelpful ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={review.votedHelpful}
            disabled={helpful.isPending}
            onClick={() =>
              helpful.mutate(
                { reviewId: review.id, helpful: !review.votedHelpful },
                { onError: (err) => toast.error(errorText(err)) },
              )
            }
            data-testid="review-helpful"
          >
            <ThumbsUpIcon aria-hidden />
            {t("reviews.helpful", { count: review.helpfulCount })}
          </Button>
        ) : review.helpfulCount > 0 ? (
          <span className="text-xs text-muted-foreground">
            {t("reviews.helpfulCount", { count: review.helpfulCount })}
          </span>
        ) : null}
        {viewerIsCreator && !review.reply ? <ReplyForm review={review} /> : null}
        {signedIn && !review.own ? renderReport?.(review.id) : null}
      </div>
    </li>
  );
}

/** What the viewer sees instead of the form when they may not review yet. */
function Blocked({ data }: { data: CourseReviewsData }) {
  const { t } = useTranslation("join");
  const { blockedBy, progress, minProgress } = data.eligibility;
  if (blockedBy !== "progress") return null;
  return (
    <p
      className="rounded-lg border border-dashed border-border bg-white p-4 text-sm text-muted-foreground"
      data-testid="review-locked"
    >
      {t("reviews.locked", { min: minProgress, progress: progress ?? 0 })}
    </p>
  );
}

/**
 * The reviews section of a course page (issue 24 §2): the average and count only from
 * REVIEWS_PUBLIC_MINIMUM reviews, the viewer's own review (write or edit once they completed the
 * creator's share of the course), the list sorted by newest or most helpful with pagination, the
 * creator's reply, "helpful" marks and Report.
 */
export function CourseReviews({
  courseId,
  signedIn,
  renderReport,
}: {
  courseId: string;
  signedIn: boolean;
  /** The Report control for a review (composed by the page). */
  renderReport?: (reviewId: string) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation("join");
  const lng = i18n.language;
  const [sort, setSort] = React.useState<ReviewSort>("recent");
  const [page, setPage] = React.useState(1);
  const reviews = useQuery(courseReviewsQueryOptions(courseId, sort, page));
  const data = reviews.data;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 py-8 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold tracking-tight">
            {t("reviews.title")}
          </h2>
          {data?.rating ? (
            <p className="mt-2 flex flex-wrap items-center gap-2" data-testid="reviews-average">
              <span className="text-3xl font-bold">{formatStars(data.rating.average, lng)}</span>
              <Stars value={data.rating.average} />
              <span className="text-sm text-muted-foreground">
                {t("reviews.count", { count: data.rating.count })}
              </span>
            </p>
          ) : data && data.total > 0 ? (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="reviews-few">
              {t("reviews.fewForAverage", { count: data.total, minimum: REVIEWS_PUBLIC_MINIMUM })}
            </p>
          ) : null}
        </div>
        {data && data.total > 1 ? (
          <div className="grid gap-1">
            <Label htmlFor="reviews-sort" className="text-xs">
              {t("reviews.sortLabel")}
            </Label>
            <NativeSelect
              id="reviews-sort"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as ReviewSort);
                setPage(1);
              }}
              data-testid="reviews-sort"
            >
              <option value="recent">{t("reviews.sort.recent")}</option>
              <option value="helpful">{t("reviews.sort.helpful")}</option>
            </NativeSelect>
          </div>
        ) : null}
      </div>

      {data ? (
        <div className="mt-5 grid gap-4">
          {data.eligibility.blockedBy === null || data.mine ? (
            <MyReviewForm key={data.mine?.id ?? "new"} courseId={courseId} mine={data.mine} />
          ) : (
            <Blocked data={data} />
          )}
          {data.reviews.length > 0 ? (
            <ul aria-label={t("reviews.listLabel")}>
              {data.reviews.map((r) => (
                <ReviewItem
                  key={r.id}
                  review={r}
                  signedIn={signedIn}
                  viewerIsCreator={data.viewerIsCreator}
                  renderReport={renderReport}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="reviews-empty">
              {t("reviews.empty")}
            </p>
          )}
          <Pagination
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={setPage}
            busy={reviews.isFetching}
            label={t("reviews.pagesLabel")}
          />
        </div>
      ) : reviews.isError ? (
        <div className="mt-4 flex items-center gap-3 text-sm" role="alert">
          <span>{t("reviews.loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={() => void reviews.refetch()}>
            {t("errors.retry")}
          </Button>
        </div>
      ) : (
        <div className="mt-5 grid gap-3" aria-busy>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      )}
    </section>
  );
}
