import type {
  BulkStudentEmailResult,
  EmailBatchStatus,
  StudentCourseOption,
  StudentEmailType,
  StudentList,
  StudentStats,
} from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Rows per page of Student Management (server-side pagination). */
export const STUDENTS_PAGE_SIZE = 20;

/** The root key of every Student Management query (invalidated after any change). */
export const STUDENTS_KEY = ["students"] as const;

export interface StudentListParams {
  page: number;
  search: string;
  courseId: string;
}

/** GET /api/students: one page of the creator's enrolments, newest first (000 §7). */
export function studentsQueryOptions({ page, search, courseId }: StudentListParams) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...STUDENTS_KEY, "list", { page, search: term, courseId }],
    queryFn: (): Promise<StudentList> =>
      unwrap(
        api.students.$get({
          query: {
            page: String(page),
            pageSize: String(STUDENTS_PAGE_SIZE),
            ...(term ? { search: term } : {}),
            ...(courseId ? { courseId } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/students/stats: the stat cards. */
export const studentStatsQueryOptions = queryOptions({
  queryKey: [...STUDENTS_KEY, "stats"],
  queryFn: (): Promise<StudentStats> => unwrap(api.students.stats.$get()),
});

/** GET /api/students/courses: the creator's courses (filter, assign form, invite dialog). */
export const studentCoursesQueryOptions = queryOptions({
  queryKey: [...STUDENTS_KEY, "courses"],
  queryFn: async (): Promise<StudentCourseOption[]> => (await unwrap(api.students.courses.$get())).items,
  staleTime: 60_000,
});

/** GET /api/students/email-batches/{id}: delivery progress, polled every second until nothing is pending. */
export function emailBatchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: [...STUDENTS_KEY, "batch", batchId],
    queryFn: (): Promise<EmailBatchStatus> =>
      unwrap(api.students["email-batches"][":id"].$get({ param: { id: batchId } })),
    refetchInterval: (query) => (query.state.data && query.state.data.pending === 0 ? false : 1000),
  });
}

/** The CSV export link with the list's filters (000 §3 CSV exports). */
export function studentsCsvUrl(search: string, courseId: string): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search.trim());
  if (courseId) params.set("courseId", courseId);
  const query = params.toString();
  return `/api/students/export.csv${query ? `?${query}` : ""}`;
}

function useInvalidateStudents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STUDENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

/** POST /api/students/assign {email, courseId} (000 §5 Assign student). */
export function useAssignStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (input: { email: string; courseId: string }) =>
      unwrap(api.students.assign.$post({ json: input })),
    onSuccess: invalidate,
  });
}

/** POST /api/students/email: bulk e-mail through the outbox; answers at once with the batch id. */
export function useBulkStudentEmail() {
  return useMutation({
    mutationFn: (input: {
      enrollmentIds: string[];
      emailType: StudentEmailType;
      message?: string;
    }): Promise<BulkStudentEmailResult> => unwrap(api.students.email.$post({ json: input })),
  });
}

/** POST /api/students/enrollments/{id}/payment {action}: confirm a pending payment or cancel it. */
export function useSettlePayment() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "confirm" | "cancel" }) =>
      unwrap(api.students.enrollments[":id"].payment.$post({ param: { id }, json: { action } })),
    onSettled: invalidate,
  });
}
