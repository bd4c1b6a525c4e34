import type { PurchaseList, PurchaseRow } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { PurchasesCard } from "./purchases-card";

function row(over: Partial<PurchaseRow>): PurchaseRow {
  return {
    reference: "AC7K2QFP",
    status: "paid",
    method: "momo",
    courseId: "c1",
    courseTitle: "Phở at home",
    schoolName: "Lan's Kitchen",
    amount: 199000,
    currency: "VND",
    createdAt: "2026-11-27T10:00:00.000Z",
    paidAt: "2026-11-27T10:05:00.000Z",
    refundedAt: null,
    refundedAmount: 0,
    hasReceipt: true,
    guaranteeDays: null,
    guaranteeEndsAt: null,
    canRequestRefund: false,
    refundRequest: null,
    ...over,
  };
}

function show(list: PurchaseList) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(list), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PurchasesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("PurchasesCard (issue 23 §9)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a paid order has its receipt; a refunded one says how much came back; an open one continues to payment", async () => {
    show({
      purchases: [
        row({}),
        row({
          reference: "BBBBBBBB",
          status: "refunded",
          refundedAmount: 199000,
          refundedAt: "2026-11-28T10:00:00.000Z",
        }),
        row({ reference: "CCCCCCCC", status: "pending", paidAt: null, hasReceipt: false }),
      ],
      total: 3,
      page: 1,
      pageSize: 10,
    });
    const paid = await screen.findByTestId("purchase-AC7K2QFP");
    expect(paid.textContent).toContain("Paid");
    expect(paid.textContent).toContain("₫199,000");
    expect(screen.getByTestId("receipt-pdf-AC7K2QFP").getAttribute("href")).toBe(
      "/api/purchases/AC7K2QFP/receipt.pdf",
    );
    expect(screen.getByTestId("purchase-BBBBBBBB").textContent).toContain("₫199,000 refunded");
    const open = screen.getByTestId("purchase-CCCCCCCC");
    expect(open.textContent).toContain("Continue to payment");
    expect(screen.queryByTestId("receipt-pdf-CCCCCCCC")).toBeNull();
  });

  it("inside a money-back guarantee offers 'Request a refund' with an optional reason; shows each request's state", async () => {
    const fetchMock = show({
      purchases: [
        row({
          reference: "GGGGGGGG",
          guaranteeDays: 14,
          guaranteeEndsAt: "2026-12-11T10:05:00.000Z",
          canRequestRefund: true,
        }),
        row({ reference: "NNNNNNNN" }),
        row({
          reference: "PPPPPPPP",
          guaranteeDays: 14,
          refundRequest: {
            id: "r1",
            status: "pending",
            reason: null,
            createdAt: "2026-11-28T09:00:00.000Z",
            decidedAt: null,
            declineReason: null,
          },
        }),
        row({
          reference: "DDDDDDDD",
          guaranteeDays: 14,
          refundRequest: {
            id: "r2",
            status: "declined",
            reason: "Too fast",
            createdAt: "2026-11-28T09:00:00.000Z",
            decidedAt: "2026-11-28T11:00:00.000Z",
            declineReason: "You finished the course.",
          },
        }),
      ],
      total: 4,
      page: 1,
      pageSize: 10,
    });
    const open = await screen.findByTestId("purchase-GGGGGGGG");
    expect(within(open).getByTestId("guarantee-GGGGGGGG").textContent).toBe(
      "14-day money-back guarantee: you can ask for a refund until Dec 11, 2026.",
    );
    // No guarantee, or a request already made: no button.
    expect(screen.queryByTestId("request-refund-NNNNNNNN")).toBeNull();
    expect(screen.queryByTestId("request-refund-PPPPPPPP")).toBeNull();
    expect(screen.getByTestId("refund-request-PPPPPPPP").textContent).toBe(
      "Refund requested on Nov 28, 2026: waiting for the teacher.",
    );
    expect(screen.getByTestId("refund-request-DDDDDDDD").textContent).toBe(
      "The teacher declined your refund request: You finished the course.",
    );

    fireEvent.click(screen.getByTestId("request-refund-GGGGGGGG"));
    const dialog = await screen.findByTestId("request-refund-dialog");
    expect(dialog.textContent).toContain("Ask for a refund of ₫199,000?");
    expect(dialog.textContent).toContain("your access to the course ends");
    fireEvent.change(within(dialog).getByLabelText("Reason (optional)"), {
      target: { value: "  Not what I expected  " },
    });
    fireEvent.click(within(dialog).getByTestId("request-refund-confirm"));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/refund-request"))).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith("/refund-request")) ?? [];
    expect(String(url)).toBe("/api/purchases/GGGGGGGG/refund-request");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "Not what I expected" });
  });

  it("says so when there is nothing yet, in Vietnamese too", async () => {
    await i18n.changeLanguage("vi");
    show({ purchases: [], total: 0, page: 1, pageSize: 10 });
    await waitFor(() =>
      expect(screen.getByTestId("purchases-empty").textContent).toContain("Chưa có giao dịch"),
    );
    await i18n.changeLanguage("en");
  });
});
