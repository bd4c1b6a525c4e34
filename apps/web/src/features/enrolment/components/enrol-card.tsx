import type { JoinCourse } from "@academy/shared";
import {
  AwardIcon,
  BookOpenIcon,
  CheckCircle2Icon,
  ClockIcon,
  HourglassIcon,
  InfoIcon,
  LayoutDashboardIcon,
  Loader2Icon,
  PlayCircleIcon,
  SmartphoneIcon,
  XCircleIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GuaranteeNote } from "@/components/guarantee-note";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatMoney, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type EnrolmentView, learnPath } from "../lib/enrolment-view";
import { CourseCover } from "./course-cover";

/** A paid course without payment methods (issue 11 §2): say so and offer "Message teacher". */
function NoPaymentNotice({ onContact, busy }: { onContact?: () => void; busy: boolean }) {
  const { t } = useTranslation("payments");
  return (
    <div
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="no-payment"
    >
      <p className="font-semibold">{t("join.noPayment")}</p>
      <p>{t("join.noPaymentHint")}</p>
      {onContact ? (
        <Button variant="outline" onClick={onContact} disabled={busy} data-testid="contact-teacher">
          {t("join.messageTeacher")}
        </Button>
      ) : null}
    </div>
  );
}

/** The price of a course: the amount in its currency (VND without decimals) or "Free". */
export function PriceText({ course, className }: { course: JoinCourse; className?: string }) {
  const { t, i18n } = useTranslation("join");
  return (
    <p
      className={cn(
        "text-3xl font-extrabold tracking-tight tabular-nums",
        course.isFree ? "text-emerald-700" : "text-brand",
        className,
      )}
      data-testid="join-price"
    >
      {course.isFree ? t("card.free") : formatMoney(course.price, course.currency, i18n.language)}
    </p>
  );
}

/**
 * The sticky price card of /join/{courseId}: cover (wide screens), price or "Free", then either
 * Enroll Now with the money-back guarantee when the creator set one (issue 24 §3) and what the
 * course includes, or the enrolment's state (spec 001 §2, issue 4).
 */
export function EnrolCard({
  course,
  view,
  enrolling,
  onEnroll,
  intent,
  enrollButtonRef,
  onContact,
  orderReference,
  messageTeacher,
}: {
  course: JoinCourse;
  view: EnrolmentView;
  enrolling: boolean;
  onEnroll: () => void;
  /** "Message teacher" when the paid course takes no payment method yet (issue 11 §2). */
  onContact?: () => void;
  /** The visitor's open order, to continue at /checkout/{reference}. */
  orderReference?: string | null;
  /** The "Message teacher" control (from the messaging feature, composed by the page). */
  messageTeacher?: React.ReactNode;
  /** Back from /auth to enrol: a signed-in visitor is invited to click Enroll Now once. */
  intent: "signed-in" | null;
  enrollButtonRef?: React.Ref<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation("join");
  const lng = i18n.language;
  return (
    <Card className="overflow-hidden shadow-xl shadow-brand/10" data-testid="enrol-card">
      <CourseCover title={course.title} src={course.thumbnailUrl} priority className="hidden lg:block" />
      <div className="grid gap-5 p-5 sm:p-6">
        {view.kind === "none" ? (
          <>
            <div className="grid gap-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t("card.price")}
              </p>
              <PriceText course={course} />
            </div>
            {intent === "signed-in" ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-md border border-accent-teal/40 bg-accent-teal/10 p-3 text-sm text-slate-800"
                data-testid="enrol-intent"
              >
                <InfoIcon className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden />
                {t("card.intent")}
              </p>
            ) : null}
            {!course.isFree && course.paymentSetUp === false ? (
              <NoPaymentNotice onContact={onContact} busy={enrolling} />
            ) : (
              <Button
                ref={enrollButtonRef}
                size="lg"
                variant="accent"
                className="h-12 w-full text-base font-semibold"
                onClick={onEnroll}
                disabled={enrolling}
                aria-busy={enrolling}
                data-testid="enroll-now"
              >
                {enrolling ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
                {enrolling ? t("card.enrolling") : t("card.enroll")}
              </Button>
            )}
            {course.isFree ? null : (
              <p className="-mt-2 text-center text-xs text-muted-foreground">{t("card.paidNote")}</p>
            )}
            {!course.isFree && course.guaranteeDays ? (
              <GuaranteeNote days={course.guaranteeDays} className="-mt-2" />
            ) : null}
            <div className="grid gap-3 border-t border-border pt-4">
              <p className="text-sm font-semibold">{t("card.includes")}</p>
              <ul className="grid gap-2.5 text-sm text-slate-700">
                <li className="flex items-center gap-2.5">
                  <BookOpenIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("card.includesLessons", {
                    count: course.totalLessons,
                    value: formatNumber(course.totalLessons, lng),
                  })}
                </li>
                <li className="flex items-center gap-2.5">
                  <ClockIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("card.includesHours", {
                    count: course.estimatedHours,
                    value: formatNumber(Math.round(course.estimatedHours * 10) / 10, lng),
                  })}
                </li>
                <li className="flex items-center gap-2.5">
                  <AwardIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("card.includesCertificate")}
                </li>
                <li className="flex items-center gap-2.5">
                  <SmartphoneIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("card.includesAnyDevice")}
                </li>
              </ul>
            </div>
          </>
        ) : (
          <EnrolledPanel
            course={course}
            view={view}
            orderReference={orderReference ?? null}
            onPay={onEnroll}
            busy={enrolling}
            messageTeacher={messageTeacher}
          />
        )}
      </div>
    </Card>
  );
}

/**
 * After Enroll Now, or for a visitor already enrolled: "You're enrolled!" (new, paid or free and
 * completed), 'Already Enrolled!' (existing), and for a pending payment what happens next: the
 * creator confirms the payment; lessons stay locked until then.
 */
function EnrolledPanel({
  course,
  view,
  orderReference,
  onPay,
  busy,
  messageTeacher,
}: {
  course: JoinCourse;
  view: Extract<EnrolmentView, { kind: "enrolled" }>;
  orderReference: string | null;
  onPay: () => void;
  busy: boolean;
  messageTeacher?: React.ReactNode;
}) {
  const { t: tp } = useTranslation("payments");
  const { t, i18n } = useTranslation("join");
  const heading = React.useRef<HTMLHeadingElement>(null);
  const fresh = view.outcome === "created";
  // A new enrolment moves focus to its announcement (the button that was clicked is gone).
  React.useEffect(() => {
    if (fresh) heading.current?.focus();
  }, [fresh]);

  const completed = view.paymentStatus === "completed";
  const pending = view.paymentStatus === "pending";
  const title =
    view.outcome === "existing" ? t("already.title") : pending ? t("pending.title") : t("enrolled.title");

  return (
    <section
      className="grid gap-4"
      aria-labelledby="enrolment-state-title"
      data-testid={`enrolment-${view.outcome}-${view.paymentStatus}`}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "flex size-11 shrink-0 items-center justify-center rounded-full",
            completed
              ? "bg-emerald-100 text-emerald-700"
              : pending
                ? "bg-amber-100 text-amber-700"
                : "bg-red-100 text-red-700",
          )}
          aria-hidden
        >
          {completed ? (
            <CheckCircle2Icon className="size-6" />
          ) : pending ? (
            <HourglassIcon className="size-6" />
          ) : (
            <XCircleIcon className="size-6" />
          )}
        </span>
        <div className="grid gap-1">
          <h2
            id="enrolment-state-title"
            ref={heading}
            tabIndex={-1}
            // Focus lands here by script only; a ring around a heading would look like a control.
            style={{ outline: "none" }}
            className="text-xl font-bold tracking-tight"
          >
            {title}
          </h2>
          {completed ? (
            <p className="text-sm text-muted-foreground">
              {view.outcome === "existing" ? t("already.body") : t("enrolled.body")}
            </p>
          ) : null}
        </div>
      </div>

      {pending ? (
        <div
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="payment-pending"
        >
          <p className="font-semibold">{t("pending.status")}</p>
          <p>{t("pending.body")}</p>
          <p>{t("pending.locked")}</p>
          {course.isFree ? null : (
            <p className="flex flex-wrap items-baseline justify-between gap-2 border-t border-amber-200 pt-2">
              <span>{t("pending.amount")}</span>
              <span className="font-bold tabular-nums">
                {formatMoney(course.price, course.currency, i18n.language)}
              </span>
            </p>
          )}
        </div>
      ) : null}

      {view.paymentStatus === "cancelled" ? (
        <p
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          data-testid="payment-cancelled"
        >
          {t("cancelled.body")}
        </p>
      ) : null}

      <div className="grid gap-2">
        {view.paymentStatus !== "completed" && course.paymentSetUp !== false ? (
          orderReference ? (
            <Button asChild size="lg" variant="accent" className="h-12 w-full text-base font-semibold">
              <Link to={`/checkout/${orderReference}`} data-testid="continue-payment">
                {tp("join.continuePayment")}
              </Link>
            </Button>
          ) : (
            <Button
              size="lg"
              variant="accent"
              className="h-12 w-full text-base font-semibold"
              onClick={onPay}
              disabled={busy}
              data-testid="continue-payment"
            >
              {tp("join.continuePayment")}
            </Button>
          )
        ) : null}
        {view.paymentStatus === "pending" && course.paymentSetUp === false ? messageTeacher : null}
        {completed ? (
          <Button asChild size="lg" variant="accent" className="h-12 w-full text-base font-semibold">
            <Link to={learnPath(course.id)}>
              <PlayCircleIcon aria-hidden />
              {t("enrolled.startLearning")}
            </Link>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={completed ? "outline" : "default"} className="w-full">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden />
            {t("enrolled.dashboard")}
          </Link>
        </Button>
      </div>
    </section>
  );
}
