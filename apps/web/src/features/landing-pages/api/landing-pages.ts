import type { LandingPage, LandingPageInput, PaymentMethodInput } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of landing pages. */
export const landingKeys = {
  all: ["landing-pages"] as const,
  list: ["landing-pages", "list"] as const,
  page: (id: string) => ["landing-pages", "page", id] as const,
  methods: (id: string) => ["landing-pages", "methods", id] as const,
  templates: (locale: string) => ["landing-pages", "templates", locale] as const,
  courses: ["landing-pages", "courses"] as const,
  context: (courseId: string | null) => ["landing-pages", "context", courseId ?? "none"] as const,
};

/** GET /api/landing-pages: the creator's pages, newest first. */
export const landingListQueryOptions = queryOptions({
  queryKey: landingKeys.list,
  queryFn: async () => (await unwrap(api["landing-pages"].$get())).pages,
});

/** GET /api/landing-pages/{id}. */
export function landingPageQueryOptions(id: string) {
  return queryOptions({
    queryKey: landingKeys.page(id),
    queryFn: () => unwrap(api["landing-pages"][":id"].$get({ param: { id } })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/landing-pages/{id}/payment-methods (secrets only as set / not set). */
export function paymentMethodsQueryOptions(id: string) {
  return queryOptions({
    queryKey: landingKeys.methods(id),
    queryFn: async () =>
      (await unwrap(api["landing-pages"][":id"]["payment-methods"].$get({ param: { id } }))).methods,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/landing-page-templates?locale=. */
export function templatesQueryOptions(locale: "en" | "vi") {
  return queryOptions({
    queryKey: landingKeys.templates(locale),
    queryFn: async () => (await unwrap(api["landing-page-templates"].$get({ query: { locale } }))).templates,
    staleTime: 5 * 60_000,
  });
}

/**
 * The creator's school brand as landing-page style defaults (issue 15: new pages start in the
 * school's colours and font): GET /api/schools/me/branding → primary, secondary (the accent) and
 * font; null when it cannot be read (the spec defaults stay).
 */
export const schoolStyleQueryOptions = queryOptions({
  queryKey: ["landing-pages", "school-style"] as const,
  queryFn: async () => {
    const b = await unwrap(api.schools.me.branding.$get());
    return { primaryColor: b.primaryColor, secondaryColor: b.accentColor, fontFamily: b.font };
  },
  retry: false,
  staleTime: 60_000,
});

/** GET /api/landing-page-courses: the creator's courses for the connection list. */
export const connectableCoursesQueryOptions = queryOptions({
  queryKey: landingKeys.courses,
  queryFn: async () => (await unwrap(api["landing-page-courses"].$get())).courses,
});

/** GET /api/landing-page-context[?courseId=]: course, lessons and instructor for the preview. */
export function previewContextQueryOptions(courseId: string | null) {
  return queryOptions({
    queryKey: landingKeys.context(courseId),
    queryFn: () => unwrap(api["landing-page-context"].$get({ query: courseId ? { courseId } : {} })),
    retry: false,
  });
}

/** POST (new) or PUT (existing) a landing page; refreshes the list. */
export function useSaveLandingPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LandingPageInput }): Promise<LandingPage> =>
      id
        ? unwrap(api["landing-pages"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api["landing-pages"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landingKeys.list }),
  });
}

/** PUT /api/landing-pages/{id}/payment-methods: replaces the whole ordered set. */
export function useSavePaymentMethods() {
  return useMutation({
    mutationFn: async ({ id, methods }: { id: string; methods: PaymentMethodInput[] }) =>
      (
        await unwrap(
          api["landing-pages"][":id"]["payment-methods"].$put({ param: { id }, json: { methods } }),
        )
      ).methods,
  });
}

/** DELETE /api/landing-pages/{id} (its payment methods go too). */
export function useDeleteLandingPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api["landing-pages"][":id"].$delete({ param: { id } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landingKeys.list }),
  });
}

/** The public address of a page, with preview=1 while unpublished (spec 001 §2). */
export function landingUrl(slug: string, published = true): string {
  return `${window.location.origin}/lp/${slug}${published ? "" : "?preview=1"}`;
}

/** The app-made QR code of a published page (DESIGN.md §5). */
export function landingQrUrl(id: string): string {
  return `/api/landing-pages/${id}/qr.png`;
}
