import {
  CARD_DESCRIPTION_LENGTH,
  type CourseSummary,
  cutText,
  durationLabel,
  isFreePrice,
  minutesToHours,
} from "@academy/shared";
import {
  BookOpenIcon,
  ClockIcon,
  CopyIcon,
  EllipsisVerticalIcon,
  EyeOffIcon,
  LayoutTemplateIcon,
  Link2Icon,
  PencilIcon,
  QrCodeIcon,
  RocketIcon,
  StarIcon,
  Trash2Icon,
  UsersIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { AskForReview } from "@/components/ask-review";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { copyText } from "@/lib/clipboard";
import { formatDate, formatNumber, renderLabel } from "@/lib/format";
import { cn } from "@/lib/utils";
import { fetchPaymentSetup, joinLink, useDuplicateCourse, useSetCoursePublished } from "../api/courses";
import { courseErrorText } from "../api/errors";
import { CourseThumbnail } from "./course-thumbnail";
import { PriceLabel } from "./price-label";

/**
 * Copies the public invite link of a course (000 §2 Share Link: /join/{id}).
 * @returns true when the link is on the clipboard; false when the browser refused.
 */
export function copyInviteLink(courseId: string): Promise<boolean> {
  return copyText(joinLink(courseId));
}

/** Copies the invite link and says so: "Link copied!" or "Failed to copy invite link." (000 §8). */
export function useShareLink() {
  const { t } = useTranslation("courses");
  return async (courseId: string) => {
    if (await copyInviteLink(courseId)) {
      toast.success(t("toast.linkCopied"), { description: joinLink(courseId) });
    } else {
      toast.error(t("toast.copyFailed"));
    }
  };
}

/**
 * One course card of "My Courses" (000 §2): picture, title, Live/Draft badge, description cut at 100
 * characters, lessons, enrolments, price, a selection box for the bulk panel, Edit, Go Live /
 * Unpublish and the other actions in a menu.
 */
export function CourseCard({
  course,
  selected,
  onSelectedChange,
  onShowQr,
  onDelete,
}: {
  course: CourseSummary;
  selected: boolean;
  onSelectedChange: (checked: boolean) => void;
  /** Opens the QR dialog; `returnFocus` gets the focus back when it closes. */
  onShowQr: (course: CourseSummary, returnFocus: HTMLElement | null) => void;
  onDelete: (course: CourseSummary, returnFocus: HTMLElement | null) => void;
}) {
  const { t, i18n } = useTranslation("courses");
  const lng = i18n.language;
  const menuTrigger = React.useRef<HTMLButtonElement>(null);
  const publish = useSetCoursePublished();
  const navigate = useNavigate();
  const duplicate = useDuplicateCourse();
  const share = useShareLink();
  const checkboxId = `select-course-${course.id}`;
  const live = course.isPublished;

  const togglePublished = () =>
    publish.mutate(
      { id: course.id, isPublished: !live },
      {
        onSuccess: async () => {
          toast.success(t(live ? "toast.unpublished" : "toast.published", { title: course.title }));
          // A paid course nobody can pay for yet (issue 11 §2, decision 0181): say so, with a way there.
          if (live || isFreePrice(course.price)) return;
          const setup = await fetchPaymentSetup(course.id).catch(() => null);
          if (!setup || setup.ready) return;
          toast.warning(t("toast.noPayment", { title: course.title }), {
            duration: 10_000,
            action: {
              label: t("toast.setUpPayment"),
              onClick: () =>
                navigate(
                  setup.landingPageId
                    ? `/dashboard/landing-pages/builder/${setup.landingPageId}?tab=payment`
                    : `/dashboard/landing-pages/builder?course_id=${course.id}&tab=payment`,
                ),
            },
          });
        },
        onError: (error) => toast.error(t("toast.error"), { description: courseErrorText(error, t) }),
      },
    );

  const duplicateCourse = () =>
    duplicate.mutate(course.id, {
      onSuccess: (copy) =>
        toast.success(t("toast.duplicated"), {
          description: t("toast.duplicatedBody", { title: copy.title }),
        }),
      onError: (error) => toast.error(t("toast.error"), { description: courseErrorText(error, t) }),
    });

  return (
    <article
      className={cn(
        "group/card @container relative flex w-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md",
        selected ? "border-primary ring-2 ring-primary/30" : "border-border",
      )}
      aria-labelledby={`course-title-${course.id}`}
      data-testid="course-card"
    >
      <div className="relative">
        <CourseThumbnail id={course.id} title={course.title} src={course.thumbnailUrl} />
        <div className="absolute left-3 top-3 flex items-center rounded-md bg-background/95 p-1.5 shadow-sm">
          <Checkbox
            id={checkboxId}
            checked={selected}
            onCheckedChange={(value) => onSelectedChange(value === true)}
            aria-label={t("card.select", { title: course.title })}
          />
        </div>
        <Badge
          variant={live ? "success" : "secondary"}
          className={cn(
            "absolute right-3 top-3 gap-1.5 shadow-sm",
            !live && "bg-background/95 text-slate-700",
          )}
          data-testid="course-status"
        >
          <span
            className={cn("size-1.5 rounded-full", live ? "bg-emerald-500" : "bg-slate-400")}
            aria-hidden
          />
          {live ? t("status.live") : course.takenDown ? t("status.takenDown") : t("status.draft")}
        </Badge>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1.5">
          <h3 id={`course-title-${course.id}`} className="line-clamp-2 font-semibold leading-snug">
            {course.title}
          </h3>
          <p className="line-clamp-3 text-sm text-muted-foreground" data-testid="course-description">
            {course.description?.trim()
              ? cutText(course.description, CARD_DESCRIPTION_LENGTH)
              : t("card.noDescription")}
          </p>
        </div>

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li className="inline-flex items-center gap-1.5">
            <BookOpenIcon className="size-3.5" aria-hidden />
            {t("card.lessons", { count: course.totalLessons, n: formatNumber(course.totalLessons, lng) })}
          </li>
          <li className="inline-flex items-center gap-1.5" data-testid="course-enrolments">
            <UsersIcon className="size-3.5" aria-hidden />
            {t("card.enrolments", {
              count: course.enrollmentCount,
              n: formatNumber(course.enrollmentCount, lng),
            })}
          </li>
          {course.rating ? (
            <li className="inline-flex items-center gap-1.5" data-testid="course-rating">
              <StarIcon className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
              {t("card.rating", {
                average: new Intl.NumberFormat(lng === "vi" ? "vi-VN" : "en-US", {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                }).format(course.rating.average),
                count: course.rating.count,
              })}
            </li>
          ) : null}
          {course.estimatedDuration > 0 ? (
            <li className="inline-flex items-center gap-1.5">
              <ClockIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{t("card.duration")}</span>
              {renderLabel(t, durationLabel(minutesToHours(course.estimatedDuration)), lng)}
            </li>
          ) : null}
        </ul>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-border pt-3">
          <PriceLabel price={course.price} currency={course.currency} className="text-base" />
          <span className="text-xs text-muted-foreground">
            {t("card.created", { date: formatDate(course.createdAt, lng) })}
          </span>
        </div>

        <div className="flex items-center gap-2">
          <Button asChild variant="outline" size="sm" className="min-w-0 flex-auto px-2 @2xs:px-3">
            <Link to={`/dashboard/courses/${course.id}/edit`}>
              <PencilIcon className="hidden @2xs:block" aria-hidden />
              <span className="truncate">{t("actions.edit")}</span>
            </Link>
          </Button>
          {course.takenDown ? (
            // An admin took it down (issue 24 §4): no Go Live until a review request is approved.
            <AskForReview
              targetType="course"
              targetId={course.id}
              className="min-w-0 flex-auto px-2 @2xs:px-3"
            />
          ) : (
            <Button
              variant={live ? "outline" : "default"}
              size="sm"
              className="min-w-0 flex-auto px-2 @2xs:px-3"
              onClick={togglePublished}
              disabled={publish.isPending}
              data-testid="toggle-published"
            >
              {publish.isPending ? (
                <Spinner label={t("processing")} className="text-current [&_svg]:size-4" />
              ) : live ? (
                <EyeOffIcon className="hidden @2xs:block" aria-hidden />
              ) : (
                <RocketIcon className="hidden @2xs:block" aria-hidden />
              )}
              <span className="truncate">{live ? t("actions.unpublish") : t("actions.goLive")}</span>
            </Button>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                ref={menuTrigger}
                variant="ghost"
                size="icon"
                className="size-9 shrink-0"
                aria-label={t("card.moreActions", { title: course.title })}
                data-testid="course-menu"
              >
                {duplicate.isPending ? (
                  <Spinner label={t("processing")} className="text-current [&_svg]:size-4" />
                ) : (
                  <EllipsisVerticalIcon aria-hidden />
                )}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <Link to={`/dashboard/landing-pages/builder?course_id=${course.id}`}>
                  <LayoutTemplateIcon aria-hidden />
                  {t("actions.landingPage")}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void share(course.id)}>
                <Link2Icon aria-hidden />
                {t("actions.shareLink")}
              </DropdownMenuItem>
              {live ? (
                <DropdownMenuItem onSelect={() => onShowQr(course, menuTrigger.current)}>
                  <QrCodeIcon aria-hidden />
                  {t("actions.qrCode")}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={duplicateCourse} disabled={duplicate.isPending}>
                <CopyIcon aria-hidden />
                {t("actions.duplicate")}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => onDelete(course, menuTrigger.current)}>
                <Trash2Icon aria-hidden />
                {t("actions.delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </article>
  );
}
