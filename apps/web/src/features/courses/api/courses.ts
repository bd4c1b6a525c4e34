import type { CourseList, CourseSummary } from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Cards per page of "My Courses" (server-side pagination). */
export const COURSES_PAGE_SIZE = 12;

export type CourseStatusFilter = "all" | "published" | "draft";
export type BulkCourseAction = "publish" | "unpublish" | "duplicate" | "email";

export interface CourseListParams {
  page: number;
  search: string;
  status: CourseStatusFilter;
}

/** The root key of every "My Courses" list query (invalidated after any change). */
export const COURSES_KEY = ["courses", "list"] as const;

/** GET /api/courses: one page of the signed-in creator's courses, newest first. */
export function coursesQueryOptions({ page, search, status }: CourseListParams) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...COURSES_KEY, { page, search: term, status }],
    queryFn: (): Promise<CourseList> =>
      unwrap(
        api.courses.$get({
          query: {
            page: String(page),
            pageSize: String(COURSES_PAGE_SIZE),
            status,
            ...(term ? { search: term } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export (000 §3: Course Title, Status, Enrollments, Created Date); a plain download link. */
export const COURSES_CSV_URL = "/api/courses/export.csv";

/** The app-made 200×200 QR code of a published course's join link; `download` asks for an attachment. */
export function courseQrUrl(courseId: string, download = false): string {
  return `/api/courses/${encodeURIComponent(courseId)}/qr.png${download ? "?download=1" : ""}`;
}

/** The public invite link of a course (000 §2: /join/{courseId}). */
export function joinLink(courseId: string, origin = window.location.origin): string {
  return `${origin}/join/${courseId}`;
}

/** Refreshes the course list and the dashboard (its counts and checklist depend on courses). */
function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
      queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

/** PATCH /api/courses/{id} {isPublished}: Go Live / Unpublish (000 §4). */
export function useSetCoursePublished() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, isPublished }: { id: string; isPublished: boolean }): Promise<CourseSummary> =>
      unwrap(api.courses[":id"].$patch({ param: { id }, json: { isPublished } })),
    onSettled: invalidate,
  });
}

/**
 * GET /api/courses/{id}/payment-setup (issue 11 §2): whether buyers can pay for a course, and the
 * landing page to set payment up on (null: none yet).
 */
export function fetchPaymentSetup(id: string) {
  return unwrap(api.courses[":id"]["payment-setup"].$get({ param: { id } }));
}

/** POST /api/courses/{id}/duplicate: a Draft copy "{title} (Copy)" with its lessons (000 §4, §7). */
export function useDuplicateCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (id: string): Promise<CourseSummary> =>
      unwrap(api.courses[":id"].duplicate.$post({ param: { id } })),
    onSettled: invalidate,
  });
}

/** DELETE /api/courses/{id}: refused (409) while students are enrolled. */
export function useDeleteCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await unwrap(api.courses[":id"].$delete({ param: { id } }));
    },
    onSettled: invalidate,
  });
}

export interface BulkCourseInput {
  action: BulkCourseAction;
  courseIds: string[];
  subject?: string;
  message?: string;
}

/** POST /api/courses/bulk: publish, unpublish, duplicate or e-mail the enrolled students (000 §2, §4, §5). */
export function useBulkCourseAction() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (input: BulkCourseInput) => unwrap(api.courses.bulk.$post({ json: input })),
    onSettled: invalidate,
  });
}
