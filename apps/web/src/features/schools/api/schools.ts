import type { SchoolBranding, SchoolBrandingInput } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of the schools feature. */
export const schoolKeys = {
  branding: ["schools", "branding"] as const,
  courseBrand: (courseId: string) => ["schools", "course-brand", courseId] as const,
};

/** GET /api/schools/me/branding: the creator's branding and domains (defaults before the school exists). */
export const brandingQueryOptions = queryOptions({
  queryKey: schoolKeys.branding,
  queryFn: () => unwrap(api.schools.me.branding.$get()),
});

/** GET /api/public/courses/{id}/school-brand: the brand of the school offering a course. */
export function courseBrandQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: schoolKeys.courseBrand(courseId),
    queryFn: async () =>
      (await unwrap(api.public.courses[":id"]["school-brand"].$get({ param: { id: courseId } }))).brand,
    staleTime: 60_000,
    retry: false,
  });
}

/** PUT /api/schools/me/branding; refreshes the branding and the dashboard checklist. */
export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolBrandingInput): Promise<SchoolBranding> =>
      unwrap(api.schools.me.branding.$put({ json: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolKeys.branding, saved);
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

/** POST /api/schools/me/domains. */
export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => unwrap(api.schools.me.domains.$post({ json: { domain } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.branding }),
  });
}

/** POST /api/schools/me/domains/{id}/verify: checks the DNS records now. */
export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.schools.me.domains[":id"].verify.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.branding }),
  });
}

/** DELETE /api/schools/me/domains/{id}. */
export function useRemoveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.schools.me.domains[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.branding }),
  });
}
