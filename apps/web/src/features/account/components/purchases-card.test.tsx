import type { PurchaseList, PurchaseRow } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
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
    ...over,
  };
}

function show(list: PurchaseList) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(list), { status: 200, headers: { "content-type": "application/json" } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PurchasesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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

  it("says so when there is nothing yet, in Vietnamese too", async () => {
    await i18n.changeLanguage("vi");
    show({ purchases: [], total: 0, page: 1, pageSize: 10 });
    await waitFor(() =>
      expect(screen.getByTestId("purchases-empty").textContent).toContain("Chưa có giao dịch"),
    );
    await i18n.changeLanguage("en");
  });
});
