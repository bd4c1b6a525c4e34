import type { CourseDraft, OutlineRequest, OutlineSection } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of the builder; its queries are never kept once the page is left (always fresh). */
export const builderKeys = {
  all: ["course-builder"] as const,
  course: (courseId: string) => ["course-builder", "course", courseId] as const,
  draft: (courseId: string | null) => ["course-builder", "draft", courseId ?? "new"] as const,
};

const FRESH = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;

/** GET /api/courses/{id}/builder: the course in the builder's shape (estimatedDuration in hours). */
export function builderCourseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: builderKeys.course(courseId),
    queryFn: () => unwrap(api.courses[":id"].builder.$get({ param: { id: courseId } })),
    ...FRESH,
  });
}

/** GET /api/course-builder/draft[?courseId=]: the saved draft of a new course or of a course, or null. */
export function draftQueryOptions(courseId: string | null) {
  return queryOptions({
    queryKey: builderKeys.draft(courseId),
    queryFn: () => unwrap(api["course-builder"].draft.$get({ query: courseId ? { courseId } : {} })),
    ...FRESH,
  });
}

/** PUT /api/course-builder/draft: Save Draft (spec 001 §7 upsert course_drafts). */
export function useSaveDraft() {
  return useMutation({
    mutationFn: (draft: CourseDraft) => unwrap(api["course-builder"].draft.$put({ json: draft })),
  });
}

/** DELETE /api/course-builder/draft[?courseId=]: Discard draft. */
export function useDiscardDraft() {
  return useMutation({
    mutationFn: async (courseId: string | null) => {
      await unwrap(api["course-builder"].draft.$delete({ query: courseId ? { courseId } : {} }));
    },
  });
}

/**
 * POST /api/courses/publish: creates the course or updates it in place (DESIGN §5). Refreshes
 * My Courses and the dashboard (their counts and checklist depend on courses).
 */
export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CourseDraft) => unwrap(api.courses.publish.$post({ json: draft })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["courses"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      ]),
  });
}

/**
 * GET /api/courses/{id}/payment-setup (issue 11 §2): whether buyers can pay for the course and
 * the landing page to set payment up on; asked right before publishing a paid course.
 */
export function fetchPaymentSetup(courseId: string) {
  return unwrap(api.courses[":id"]["payment-setup"].$get({ param: { id: courseId } }));
}

export interface GeneratedOutline {
  outline: OutlineSection[];
  source: "ai" | "offline" | "fallback";
}

/**
 * POST /api/ai/outline (spec 000 §7 generate-course-outline): the model's or the offline
 * generator's outline; the server already answers its two-section default when generation fails.
 * @throws ApiError when the request itself fails (the caller then builds the default itself).
 */
export function requestOutline(request: OutlineRequest): Promise<GeneratedOutline> {
  return unwrap(api.ai.outline.$post({ json: request }));
}
