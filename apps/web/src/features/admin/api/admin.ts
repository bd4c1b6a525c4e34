import type {
  BrandingKitInput,
  LibraryItemType,
  PlatformSettingsInput,
  ReportCreateInput,
  Role,
  SubjectCreateInput,
  SubjectUpdateInput,
} from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of the Admin Panel (issue 14). */
export const adminKeys = {
  all: ["admin"] as const,
  subjects: () => ["admin", "subjects"] as const,
  reports: (status: string, page: number) => ["admin", "reports", status, page] as const,
  kits: () => ["admin", "kits"] as const,
  users: (search: string, page: number) => ["admin", "users", search, page] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
  library: (params: LibraryParams) => ["admin", "library", params] as const,
};

/** The Content Library's filters (issue 27 §4). */
export interface LibraryParams {
  type: "all" | LibraryItemType;
  status: "all" | "pending" | "approved" | "rejected";
  search: string;
  page: number;
}

/** GET /api/admin/library: one page (20) of every course, landing page and material. */
export function libraryQueryOptions(params: LibraryParams) {
  return queryOptions({
    queryKey: adminKeys.library(params),
    queryFn: () =>
      unwrap(
        api.admin.library.$get({
          query: {
            type: params.type,
            status: params.status,
            page: String(params.page),
            ...(params.search ? { search: params.search } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/platform-settings (lives in lib: page titles read the platform name too). */
export { platformSettingsQueryOptions } from "@/lib/platform";

export const adminSubjectsQueryOptions = queryOptions({
  queryKey: adminKeys.subjects(),
  queryFn: () => unwrap(api.admin.subjects.$get()),
});

/** GET /api/subjects: the active subjects (course builder's picker). */
export const activeSubjectsQueryOptions = queryOptions({
  queryKey: ["subjects", "active"],
  queryFn: () => unwrap(api.subjects.$get()),
  staleTime: 60_000,
});

export function reportsQueryOptions(status: "all" | "pending" | "approved" | "rejected", page: number) {
  return queryOptions({
    queryKey: adminKeys.reports(status, page),
    queryFn: () => unwrap(api.admin.reports.$get({ query: { status, page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

export const adminKitsQueryOptions = queryOptions({
  queryKey: adminKeys.kits(),
  queryFn: () => unwrap(api.admin["branding-kits"].$get()),
});

export function usersQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.users(search, page),
    queryFn: () =>
      unwrap(api.admin.users.$get({ query: { page: String(page), ...(search ? { search } : {}) } })),
    placeholderData: keepPreviousData,
  });
}

export function auditQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: () => unwrap(api.admin.audit.$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/security-events: one page (20) of every account's security events. */
export function securityEventsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminKeys.all, "security-events", page],
    queryFn: () => unwrap(api.admin["security-events"].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

/** Every admin mutation refreshes the Admin Panel's queries (and the public settings). */
function useAdminMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.all }),
        client.invalidateQueries({ queryKey: ["platform-settings"] }),
      ]);
    },
  });
}

export const useCreateSubject = () =>
  useAdminMutation((input: SubjectCreateInput) => unwrap(api.admin.subjects.$post({ json: input })));
export const useUpdateSubject = () =>
  useAdminMutation(({ id, ...json }: SubjectUpdateInput & { id: string }) =>
    unwrap(api.admin.subjects[":id"].$patch({ param: { id }, json })),
  );
export const useDeleteSubject = () =>
  useAdminMutation((id: string) => unwrap(api.admin.subjects[":id"].$delete({ param: { id } })));
export const useReviewReport = () =>
  useAdminMutation(({ id, decision }: { id: string; decision: "approved" | "rejected" | "removed" }) =>
    unwrap(api.admin.reports[":id"].review.$post({ param: { id }, json: { decision } })),
  );
export const useReviewLibraryItem = () =>
  useAdminMutation(
    ({
      type,
      id,
      decision,
      reason,
    }: {
      type: LibraryItemType;
      id: string;
      decision: "approved" | "rejected";
      reason?: string;
    }) =>
      unwrap(
        api.admin.library[":type"][":id"].review.$post({ param: { type, id }, json: { decision, reason } }),
      ),
  );
export const useDeleteReport = () =>
  useAdminMutation((id: string) => unwrap(api.admin.reports[":id"].$delete({ param: { id } })));
export const useSaveKit = () =>
  useAdminMutation(({ id, ...json }: BrandingKitInput & { id?: string }) =>
    id
      ? unwrap(api.admin["branding-kits"][":id"].$put({ param: { id }, json }))
      : unwrap(api.admin["branding-kits"].$post({ json })),
  );
export const useSaveSettings = () =>
  useAdminMutation((json: PlatformSettingsInput) => unwrap(api.admin.settings.$put({ json })));
export const useChangeRole = () =>
  useAdminMutation(({ id, role }: { id: string; role: Role }) =>
    unwrap(api.admin.users[":id"].role.$patch({ param: { id }, json: { role } })),
  );
export const useSuspend = () =>
  useAdminMutation(({ id, suspend }: { id: string; suspend: boolean }) =>
    suspend
      ? unwrap(api.admin.users[":id"].suspend.$post({ param: { id }, json: { reason: "" } }))
      : unwrap(api.admin.users[":id"].restore.$post({ param: { id } })),
  );

/** POST /api/reports: report a course, landing page or material. */
export function useReportContent() {
  return useMutation({ mutationFn: (json: ReportCreateInput) => unwrap(api.reports.$post({ json })) });
}
