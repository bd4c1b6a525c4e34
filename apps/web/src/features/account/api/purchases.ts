import { isErrorBody, type PurchaseList, type RefundRequestView } from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, credentials: "same-origin" });
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

/** Rows per page of Purchases. */
export const PURCHASES_PAGE_SIZE = 10;

/** GET /api/purchases: the student's orders, newest first (issue 23 §9). */
export function purchasesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ["purchases", page],
    queryFn: () => request<PurchaseList>(`/purchases?page=${page}&pageSize=${PURCHASES_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** Path of an order's receipt PDF. */
export function receiptPdfPath(reference: string): string {
  return `/api/purchases/${encodeURIComponent(reference)}/receipt.pdf`;
}

/** POST /api/purchases/{reference}/receipt-email. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: (reference: string) =>
      request<{ ok: true }>(`/purchases/${encodeURIComponent(reference)}/receipt-email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
  });
}

/**
 * POST /api/purchases/{reference}/refund-request: ask for a refund under the order's money-back
 * guarantee (issue 24 §3), with an optional reason. Purchases are fetched again afterwards.
 */
export function useRequestRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { reference: string; reason: string }) =>
      request<RefundRequestView>(`/purchases/${encodeURIComponent(v.reference)}/refund-request`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(v.reason.trim() ? { reason: v.reason.trim() } : {}),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["purchases"] }),
  });
}
