import {
  type AttentionItem,
  type CheckoutMethodResult,
  type CheckoutView,
  type CouponRow,
  type EarningsSummary,
  isErrorBody,
  type OrderList,
  type OrderMethod,
  type PartnerRow,
  type RefundRequestItem,
  type RefundRequestView,
  type RefundView,
} from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";

/**
 * Client of the selling flow (issue 11): /api/checkout/* for the buyer and /api/earnings/* for the
 * creator. Errors become ApiError with the server's message.
 */
async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers, body, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "Network error. Please check your connection.");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(data))
      throw new ApiError(response.status, String(data.error.code), data.error.message, data.error.reason);
    throw new ApiError(response.status, "UNKNOWN", "An unexpected error occurred. Please try again.");
  }
  return data as T;
}

export function checkoutQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ["checkout", reference],
    queryFn: () => request<CheckoutView>(`/checkout/${encodeURIComponent(reference)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useCheckoutActions(reference: string) {
  const client = useQueryClient();
  const key = ["checkout", reference];
  const base = `/checkout/${encodeURIComponent(reference)}`;
  const set = (view: CheckoutView) => client.setQueryData(key, view);
  return {
    choose: useMutation({
      mutationFn: (method: OrderMethod) =>
        request<CheckoutMethodResult>(`${base}/method`, { method: "POST", json: { method } }),
      onSuccess: (result) => set(result.view),
    }),
    transferred: useMutation({
      mutationFn: () => request<CheckoutView>(`${base}/transferred`, { method: "POST", json: {} }),
      onSuccess: set,
    }),
    /** Asks the providers about the order's open payment pages now (issue 23 §9). */
    check: useMutation({
      mutationFn: () => request<CheckoutView>(`${base}/check`, { method: "POST", json: {} }),
      onSuccess: set,
    }),
    coupon: useMutation({
      mutationFn: (code: string) =>
        request<CheckoutView>(`${base}/coupon`, { method: "POST", json: { code } }),
      onSuccess: set,
    }),
  };
}

/** Path of the live status stream of an order (SSE `status` events). */
export function checkoutEventsPath(reference: string): string {
  return `/api/checkout/${encodeURIComponent(reference)}/events`;
}

export const earningsSummaryQueryOptions = queryOptions({
  queryKey: ["earnings", "summary"],
  queryFn: () => request<EarningsSummary>("/earnings/summary"),
});

export interface OrderFilters {
  q: string;
  status: string;
  method: string;
  /** One of the creator's courses, or "" for all. */
  courseId: string;
  page: number;
}

export const ORDERS_PAGE_SIZE = 20;

function ordersSearch(f: Omit<OrderFilters, "page">): URLSearchParams {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.status) params.set("status", f.status);
  if (f.method) params.set("method", f.method);
  if (f.courseId) params.set("courseId", f.courseId);
  return params;
}

export function ordersQueryOptions(f: OrderFilters) {
  const params = ordersSearch(f);
  params.set("page", String(f.page));
  params.set("pageSize", String(ORDERS_PAGE_SIZE));
  return queryOptions({
    queryKey: ["earnings", "orders", f],
    queryFn: () => request<OrderList>(`/earnings/orders?${params}`),
    placeholderData: (previous) => previous,
  });
}

export function ordersCsvUrl(f: Omit<OrderFilters, "page">): string {
  const params = ordersSearch(f).toString();
  return `/api/earnings/orders.csv${params ? `?${params}` : ""}`;
}

/** GET /api/earnings/courses: the creator's courses for the orders filter (issue 11 §5). */
export const orderCoursesQueryOptions = queryOptions({
  queryKey: ["earnings", "courses"],
  queryFn: () => request<{ courses: { id: string; title: string }[] }>("/earnings/courses"),
});

/** GET /api/earnings/attention: the orders that need a person (issue 23 §10). */
export const attentionQueryOptions = queryOptions({
  queryKey: ["earnings", "attention"],
  queryFn: () => request<{ items: AttentionItem[] }>("/earnings/attention"),
});

/** GET /api/earnings/refund-requests: pending refund requests under a money-back guarantee (issue 24 §3). */
export const refundRequestsQueryOptions = queryOptions({
  queryKey: ["earnings", "refund-requests"],
  queryFn: () => request<{ requests: RefundRequestItem[] }>("/earnings/refund-requests"),
});

export const couponsQueryOptions = queryOptions({
  queryKey: ["earnings", "coupons"],
  queryFn: () => request<{ coupons: CouponRow[] }>("/earnings/coupons"),
});

export const partnersQueryOptions = queryOptions({
  queryKey: ["earnings", "partners"],
  queryFn: () => request<{ partners: PartnerRow[] }>("/earnings/partners"),
});

export function useEarningsActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["earnings"] });
  return {
    confirm: useMutation({
      mutationFn: (id: string) => request(`/earnings/orders/${id}/confirm`, { method: "POST", json: {} }),
      onSuccess: refresh,
    }),
    reject: useMutation({
      mutationFn: (v: { id: string; reason: string }) =>
        request(`/earnings/orders/${v.id}/reject`, { method: "POST", json: { reason: v.reason } }),
      onSuccess: refresh,
    }),
    /** Issue 23 §7: the order's payment, or one extra payment (`attemptId`); `outside`: refunded outside Academy. */
    refund: useMutation({
      mutationFn: (v: { id: string; attemptId?: string; outside?: boolean }) =>
        request<RefundView>(`/earnings/orders/${v.id}/refund`, {
          method: "POST",
          json: {
            ...(v.attemptId ? { attemptId: v.attemptId } : {}),
            ...(v.outside ? { outside: true } : {}),
          },
        }),
      onSuccess: refresh,
    }),
    /** Issue 24 §3: "Approve and refund" a refund request (`outside`: refunded outside Academy). */
    approveRequest: useMutation({
      mutationFn: (v: { id: string; outside?: boolean }) =>
        request<RefundView>(`/earnings/refund-requests/${v.id}/approve`, {
          method: "POST",
          json: v.outside ? { outside: true } : {},
        }),
      onSuccess: refresh,
    }),
    /** Issue 24 §3: decline a refund request with the reason the student is e-mailed. */
    declineRequest: useMutation({
      mutationFn: (v: { id: string; reason: string }) =>
        request<RefundRequestView>(`/earnings/refund-requests/${v.id}/decline`, {
          method: "POST",
          json: { reason: v.reason },
        }),
      onSuccess: refresh,
    }),
    /** Issue 23 §10: "Enrol the student" for money that arrived after the order expired. */
    enrol: useMutation({
      mutationFn: (id: string) => request(`/earnings/orders/${id}/enrol`, { method: "POST", json: {} }),
      onSuccess: refresh,
    }),
    /** Issue 23 §10: "Mark handled" (a dispute answered in Stripe, an older flag). */
    resolve: useMutation({
      mutationFn: (id: string) => request(`/earnings/orders/${id}/resolve`, { method: "POST", json: {} }),
      onSuccess: refresh,
    }),
    createCoupon: useMutation({
      mutationFn: (v: {
        code: string;
        kind: "percent" | "fixed";
        value: number;
        currency: "VND" | "USD" | null;
        maxRedemptions: number | null;
      }) => request("/earnings/coupons", { method: "POST", json: v }),
      onSuccess: refresh,
    }),
    deleteCoupon: useMutation({
      mutationFn: (id: string) => request(`/earnings/coupons/${id}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
    createPartner: useMutation({
      mutationFn: (v: { name: string; code: string; commissionPercent: number }) =>
        request("/earnings/partners", { method: "POST", json: v }),
      onSuccess: refresh,
    }),
    markPaid: useMutation({
      mutationFn: (id: string) => request(`/earnings/partners/${id}/paid`, { method: "POST", json: {} }),
      onSuccess: refresh,
    }),
  };
}
