import type { Attribution, EnrollResult, JoinCourse } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** The query key of a course's public enrolment page (depends on the session: it carries the caller's enrolment). */
export function joinCourseKey(courseId: string) {
  return ["join-course", courseId] as const;
}

/**
 * GET /api/public/courses/{id}: a published course for /join/{courseId} (spec 001 §2), with the
 * signed-in visitor's enrolment (or null). Unknown or unpublished → ApiError 404
 * "Course not found or not available." (not retried).
 */
export function joinCourseQueryOptions(courseId: string, landingPage?: string) {
  return queryOptions({
    queryKey: joinCourseKey(courseId),
    queryFn: (): Promise<JoinCourse> =>
      unwrap(
        api.public.courses[":id"].$get({
          param: { id: courseId },
          query: landingPage ? { lp: landingPage } : {},
        }),
      ),
    // The answer depends on the session (sign-in in between): always refresh when the page mounts.
    staleTime: 0,
  });
}

/**
 * POST /api/courses/{id}/enroll (spec 001 §4, §7): "created" or "existing", with the payment status
 * (free → completed, paid → pending). On success the cached course page gets the enrolment, and the
 * dashboard is refreshed. Errors: ApiError 401 (no session), 404 (course gone), others.
 */
export function useEnroll(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The body names where the buyer came from (issue 11: landing page, referral code; issue 12: campaign).
    mutationFn: (
      from: { landingPage?: string; ref?: string; contact?: boolean } & Attribution = {},
    ): Promise<EnrollResult> =>
      unwrap(
        fetch(`/api/courses/${encodeURIComponent(courseId)}/enroll`, {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(from),
        }) as unknown as ReturnType<(typeof api.courses)[":id"]["enroll"]["$post"]>,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData<JoinCourse>(joinCourseKey(courseId), (course) =>
        course
          ? {
              ...course,
              // Only a paid (or free) enrolment counts as a student (decision 0229).
              studentCount:
                course.studentCount +
                (result.outcome === "created" && result.paymentStatus === "completed" ? 1 : 0),
              enrolment: { id: result.enrollmentId, paymentStatus: result.paymentStatus },
            }
          : course,
      );
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
