import { type Attribution, attributionQuery, type EnrollResult, type JoinCourse } from "@academy/shared";

export type PaymentStatus = EnrollResult["paymentStatus"];

/** What the price card shows about the visitor's enrolment. */
export type EnrolmentView =
  | { kind: "none" }
  | { kind: "enrolled"; outcome: EnrollResult["outcome"]; paymentStatus: PaymentStatus };

/**
 * The enrolment state of /join/{courseId} (spec 001 §2, issue 4): the result of Enroll Now when
 * there is one (created or existing), else the enrolment the page loaded with (shown as
 * "existing": 'Already Enrolled!'), else none.
 */
export function enrolmentView(course: Pick<JoinCourse, "enrolment">, result?: EnrollResult): EnrolmentView {
  if (result) return { kind: "enrolled", outcome: result.outcome, paymentStatus: result.paymentStatus };
  if (course.enrolment)
    return { kind: "enrolled", outcome: "existing", paymentStatus: course.enrolment.paymentStatus };
  return { kind: "none" };
}

/** The page a course's join link points to. */
export function joinPath(courseId: string): string {
  return `/join/${courseId}`;
}

/** Query flag set on the way back from /auth: the visitor meant to enrol (the page invites one click). */
export const ENROL_INTENT_PARAM = "enroll";

/**
 * Where Enroll Now sends a signed-out visitor: /auth on the Sign Up tab, returning to this page
 * after sign-in or sign-up (an account made from /join is a student; see routes/auth.tsx). The
 * landing page and the visit's campaign (utm_*, issue 12 §3) stay on the way back.
 */
export function authPathForEnrolment(
  courseId: string,
  landingPage?: string,
  attribution: Attribution = {},
): string {
  const lp = landingPage ? `&lp=${encodeURIComponent(landingPage)}` : "";
  const back = `${joinPath(courseId)}?${ENROL_INTENT_PARAM}=1${lp}${attributionQuery(attribution)}`;
  return `/auth?redirect=${encodeURIComponent(back)}&tab=signup`;
}

/** The lesson player of a course. */
export function learnPath(courseId: string): string {
  return `/learn/${courseId}`;
}
