import { attributionFromParams } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { rememberedReferral, rememberReferral } from "@/lib/referral";
import { meQueryOptions } from "@/lib/session";
import { joinCourseQueryOptions, useEnroll } from "../api/enrolment";
import { authPathForEnrolment, ENROL_INTENT_PARAM, enrolmentView, joinPath } from "../lib/enrolment-view";
import { CourseHero } from "./course-hero";
import { Curriculum } from "./curriculum";
import { EnrolCard } from "./enrol-card";
import { JoinHeader } from "./join-header";
import { JoinSkeleton } from "./join-skeleton";

/**
 * /join/{courseId} — the public enrolment page of a published course (spec 001 §2 "Course
 * enrolment page", §8; issue 4). Unknown or unpublished → toast 'Course not found or not
 * available.' and /404. Enroll Now: signed out → /auth (Sign Up tab, back here after sign-in; the
 * new account is a student); signed in → POST enroll → "You're enrolled!", 'Already Enrolled!' or
 * the pending-payment explanation; failure → toast 'Failed to enroll in course. Please try again.'.
 * Back from /auth (`?enroll=1`) the page does not enrol by itself: it asks for one more click.
 */
export function JoinPage({
  courseId,
  brand,
  renderMessageTeacher,
  renderReviews,
}: {
  courseId: string;
  brand?: React.ReactNode;
  /** "Message teacher" for a course without payment methods (composed by the route, issue 11 §2). */
  renderMessageTeacher?: (courseId: string) => React.ReactNode;
  /** The course's reviews (the reviews feature's, composed by the route; issue 24 §2). */
  renderReviews?: (courseId: string, signedIn: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation("join");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The landing page the visitor came from (/lp/{slug} → ?lp=slug) decides the payment methods (issue 11 §2).
  const landingPage = params.get("lp") ?? undefined;
  // The visit's campaign (utm_*), carried from /lp on the enrol link (issue 12 §3), kept on the order.
  const search = params.toString();
  const attribution = React.useMemo(() => attributionFromParams(new URLSearchParams(search)), [search]);
  const refCode = params.get("ref");
  React.useEffect(() => rememberReferral(refCode), [refCode]);
  const course = useQuery(joinCourseQueryOptions(courseId, landingPage));
  const me = useQuery(meQueryOptions);
  const enroll = useEnroll(courseId);
  const enrollButton = React.useRef<HTMLButtonElement>(null);
  const notAvailable = course.error instanceof ApiError && course.error.status === 404;

  React.useEffect(() => {
    if (!notAvailable) return;
    toast.error(t("errors.notAvailable"), { id: "course-not-available" });
    navigate("/404", { replace: true });
  }, [notAvailable, navigate, t]);

  const loaded = Boolean(course.data);
  const intent = params.get(ENROL_INTENT_PARAM) === "1" && me.data ? "signed-in" : null;
  const view = course.data ? enrolmentView(course.data, enroll.data) : { kind: "none" as const };

  // Back from /auth with the intent to enrol: put the keyboard on Enroll Now (no silent enrolment).
  React.useEffect(() => {
    if (loaded && intent && view.kind === "none") enrollButton.current?.focus();
  }, [loaded, intent, view.kind]);

  const onEnroll = async (contact = false) => {
    if (enroll.isPending) return;
    const user = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
    if (!user) {
      navigate(authPathForEnrolment(courseId, landingPage, attribution));
      return;
    }
    enroll.mutate(
      { landingPage, ref: rememberedReferral(), contact, ...attribution },
      {
        onSuccess: (result) => {
          // A paid course is paid at /checkout/{reference} (issue 11 §3).
          if (result.orderReference) navigate(`/checkout/${result.orderReference}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            queryClient.setQueryData(meQueryOptions.queryKey, null);
            navigate(authPathForEnrolment(courseId, landingPage, attribution));
          } else if (error instanceof ApiError && error.status === 404) {
            toast.error(t("errors.notAvailable"), { id: "course-not-available" });
            navigate("/404", { replace: true });
          } else {
            toast.error(t("errors.enrollFailed"));
          }
        },
      },
    );
  };

  return (
    <div className="flex min-h-svh flex-col overflow-x-clip bg-slate-50">
      <PageTitle>{course.data ? t("pageTitle", { title: course.data.title }) : t("loadingTitle")}</PageTitle>
      <JoinHeader returnTo={joinPath(courseId)} brand={brand} />
      <main className="flex-1">
        {course.data ? (
          <div className="mx-auto grid max-w-6xl px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:px-8">
            <section aria-label={t("hero.label")} className="relative isolate py-8 sm:py-10 lg:py-14">
              <div
                aria-hidden
                className="absolute -inset-x-[100vw] inset-y-0 -z-10 bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]"
              />
              <CourseHero course={course.data} />
            </section>
            <aside
              aria-label={t("card.label")}
              className="relative z-10 -mt-2 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:pt-10"
            >
              <div className="lg:sticky lg:top-24">
                <EnrolCard
                  course={course.data}
                  view={view}
                  enrolling={enroll.isPending}
                  onEnroll={() => void onEnroll()}
                  onContact={() => void onEnroll(true)}
                  messageTeacher={renderMessageTeacher?.(course.data.id)}
                  orderReference={enroll.data?.orderReference ?? course.data.openOrderReference ?? null}
                  intent={intent}
                  enrollButtonRef={enrollButton}
                />
              </div>
            </aside>
            <section aria-labelledby="about-course" className="py-10 lg:py-12">
              <h2 id="about-course" className="text-2xl font-bold tracking-tight">
                {t("about.title")}
              </h2>
              {course.data.description?.trim() ? (
                <p className="mt-4 max-w-prose whitespace-pre-line text-base leading-7 text-slate-700">
                  {course.data.description.trim()}
                </p>
              ) : (
                <p className="mt-4 text-muted-foreground">{t("about.empty")}</p>
              )}
            </section>
            {course.data.curriculum?.length ? (
              <div className="lg:col-start-1">
                <Curriculum curriculum={course.data.curriculum} />
              </div>
            ) : null}
            <div className="lg:col-start-1">{renderReviews?.(course.data.id, Boolean(me.data))}</div>
          </div>
        ) : course.isError && !notAvailable ? (
          <div
            className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center"
            role="alert"
          >
            <TriangleAlertIcon className="size-10 text-amber-500" aria-hidden />
            <h1 className="text-xl font-semibold">{t("errors.loadFailed")}</h1>
            <p className="text-sm text-muted-foreground">
              {course.error instanceof ApiError && course.error.code === "NETWORK"
                ? t("common:errors.network")
                : t("common:errors.unexpected")}
            </p>
            <Button onClick={() => void course.refetch()} disabled={course.isFetching}>
              <RefreshCwIcon aria-hidden />
              {t("errors.retry")}
            </Button>
          </div>
        ) : (
          <JoinSkeleton />
        )}
      </main>
    </div>
  );
}
