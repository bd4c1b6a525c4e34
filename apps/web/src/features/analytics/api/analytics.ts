import type {
  CreatorAlerts,
  CreatorEngagement,
  CreatorOverview,
  CreatorPerformance,
  CreatorRevenue,
  CreatorReviewAnalytics,
  StudentAnalytics,
} from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** The root key of every analytics query. */
export const ANALYTICS_KEY = ["analytics"] as const;

export type CreatorTab = "overview" | "engagement" | "revenue" | "performance" | "reviews" | "alerts";
export interface CreatorAnalyticsParams {
  from: string;
  to: string;
  courseId: string;
}
export interface CreatorTabData {
  overview: CreatorOverview;
  engagement: CreatorEngagement;
  revenue: CreatorRevenue;
  performance: CreatorPerformance;
  reviews: CreatorReviewAnalytics;
  alerts: CreatorAlerts;
}

const creator = api.analytics.creator;

/** GET /api/analytics/creator/{tab} for the range (local dates) and optional course. */
export function creatorTabQueryOptions<T extends CreatorTab>(tab: T, p: CreatorAnalyticsParams) {
  const query = { from: p.from, to: p.to, ...(p.courseId ? { courseId: p.courseId } : {}) };
  return queryOptions({
    queryKey: [...ANALYTICS_KEY, "creator", tab, p],
    queryFn: async (): Promise<CreatorTabData[T]> => {
      const call = {
        overview: () => unwrap(creator.overview.$get({ query })),
        engagement: () => unwrap(creator.engagement.$get({ query })),
        revenue: () => unwrap(creator.revenue.$get({ query })),
        performance: () => unwrap(creator.performance.$get({ query })),
        reviews: () => unwrap(creator.reviews.$get({ query })),
        alerts: () => unwrap(creator.alerts.$get({ query })),
      }[tab];
      return (await call()) as CreatorTabData[T];
    },
  });
}

/** GET /api/analytics/me: the signed-in student's own analytics. */
export const studentAnalyticsQueryOptions = queryOptions({
  queryKey: [...ANALYTICS_KEY, "me"],
  queryFn: (): Promise<StudentAnalytics> => unwrap(api.analytics.me.$get()),
});

/** PUT /api/analytics/me/goal (whole hours 1–100). */
export function useSaveWeeklyGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (weeklyHours: number) => unwrap(api.analytics.me.goal.$put({ json: { weeklyHours } })),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ANALYTICS_KEY, "me"] }),
  });
}

/** PUT /api/analytics/me/time-zone (IANA name). */
export function useSaveTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => unwrap(api.analytics.me["time-zone"].$put({ json: { timeZone } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  });
}

/** PATCH /api/courses/{courseId}/review-settings: the share (0–100 %) done before reviewing. */
export function useSetReviewMinProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { courseId: string; minProgress: number }) =>
      unwrap(
        api.courses[":courseId"]["review-settings"].$patch({
          param: { courseId: input.courseId },
          json: { minProgress: input.minProgress },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  });
}
