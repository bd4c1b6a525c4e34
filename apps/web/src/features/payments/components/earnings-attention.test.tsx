import type { AttentionItem, RefundRequestItem } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { EarningsAttention } from "./earnings-attention";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function item(over: Partial<AttentionItem>): AttentionItem {
  return {
    orderId: "00000000-0000-4000-8000-000000000001",
    reference: "AC7K2QFP",
    kind: "paid_twice",
    reason: null,
    status: "paid",
    method: "momo",
    amount: 199000,
    currency: "VND",
    extraPayment: null,
    failedRefund: null,
    pendingRefund: false,
    refundThrough: "momo",
    studentName: "Lan",
    studentEmail: "lan@example.com",
    courseId: "c1",
    courseTitle: "Phở at home",
    createdAt: "2026-11-27T10:00:00.000Z",
    paidAt: "2026-11-27T10:05:00.000Z",
    flaggedAt: "2026-11-27T10:06:00.000Z",
    ...over,
  };
}

let items: AttentionItem[] = [];
let requests: RefundRequestItem[] = [];

function request(over: Partial<RefundRequestItem> = {}): RefundRequestItem {
  return {
    id: "00000000-0000-4000-8000-0000000000aa",
    orderId: "00000000-0000-4000-8000-000000000002",
    reference: "RQ7K2QFP",
    courseId: "c1",
    courseTitle: "Phở at home",
    studentName: "Minh",
    studentEmail: "minh@example.com",
    amount: 490000,
    currency: "VND",
    method: "cash",
    paidAt: "2026-11-20T10:00:00.000Z",
    guaranteeDays: 14,
    reason: "The lessons are too fast for me.",
    createdAt: "2026-11-27T10:00:00.000Z",
    refundThrough: "manual",
    refundPending: false,
    refundFailed: false,
    ...over,
  };
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  fetchMock.mockReset();
  requests = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith("/api/earnings/attention")) return json({ items });
    if (url.endsWith("/api/earnings/refund-requests")) return json({ requests });
    if (url.endsWith("/decline")) return json({ id: "x", status: "declined" });
    if (url.includes("/refund"))
      return json({
        id: "r1",
        orderId: "o",
        attemptId: null,
        through: "zalopay",
        status: "pending",
        amount: 1,
        currency: "VND",
        failureReason: null,
        orderStatus: "paid",
        body: init?.body,
      });
    return json({ id: "o", status: "paid" });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <EarningsAttention />
      <Toaster />
    </QueryClientProvider>,
  );
}

function posted(path: string) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith(path) && init?.method === "POST",
  );
  return call ? JSON.parse(String(call[1]?.body ?? "null")) : undefined;
}

describe("Needs your attention (issue 23 §10)", () => {
  it("shows an empty state when nothing needs attention", async () => {
    items = [];
    renderList();
    expect((await screen.findByTestId("attention-empty")).textContent).toContain(
      "Nothing needs your attention",
    );
  });

  it("paid twice: one action, a confirmation naming ZaloPay, then refunds that extra payment", async () => {
    items = [
      item({
        extraPayment: {
          attemptId: "a-extra",
          provider: "zalopay",
          amount: 199000,
          currency: "VND",
          paidAt: null,
        },
        refundThrough: "zalopay",
      }),
    ];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    expect(row.textContent).toContain("Paid twice");
    expect(within(row).getAllByRole("button")).toHaveLength(1);
    fireEvent.click(within(row).getByRole("button", { name: "Refund the extra payment" }));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(dialog.textContent).toContain("buyer's ZaloPay account");
    expect(dialog.textContent).toContain("keeps access");
    // Nothing is sent before the confirmation.
    expect(posted("/refund")).toBeUndefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund through ZaloPay" }));
    await waitFor(() =>
      expect(posted("/api/earnings/orders/00000000-0000-4000-8000-000000000001/refund")).toEqual({
        attemptId: "a-extra",
      }),
    );
    expect(await screen.findByText("Refund sent. The provider is still processing it.")).toBeTruthy();
  });

  it("paid after expiry offers Enrol the student (confirmed) or Refund", async () => {
    items = [
      item({
        kind: "paid_after_expiry",
        status: "expired",
        extraPayment: {
          attemptId: "a-late",
          provider: "momo",
          amount: 199000,
          currency: "VND",
          paidAt: null,
        },
      }),
    ];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    expect(within(row).getByRole("button", { name: "Refund" })).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Enrol the student" }));
    const dialog = await screen.findByTestId("attention-confirm");
    expect(dialog.textContent).toContain("Enrol Lan?");
    expect(posted("/enrol")).toBeUndefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Enrol the student" }));
    await waitFor(() => expect(posted("/enrol")).toEqual({}));
  });

  it("refund failed: the provider's reason, Retry refund and Mark refunded outside Academy", async () => {
    items = [
      item({
        kind: "refund_failed",
        failedRefund: { attemptId: null, reason: "MoMo 1080: Merchant balance too low" },
        studentName: null,
        studentEmail: null,
      }),
    ];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    expect(row.textContent).toContain("Merchant balance too low");
    expect(row.textContent).toContain("Deleted student");
    fireEvent.click(within(row).getByRole("button", { name: "Mark refunded outside Academy" }));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(dialog.textContent).toContain("Give it back to the buyer yourself");
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark refunded outside Academy" }));
    await waitFor(() => expect(posted("/refund")).toEqual({ outside: true }));
  });

  it("dispute: tells them to answer it in Stripe and Mark handled asks first", async () => {
    items = [item({ kind: "dispute", method: "credit-card", refundThrough: "stripe" })];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    expect(row.textContent).toContain("Answer the dispute in your Stripe Dashboard");
    expect(
      within(row)
        .getByRole("link", { name: /Open disputes in Stripe/ })
        .getAttribute("href"),
    ).toBe("https://dashboard.stripe.com/disputes");
    fireEvent.click(within(row).getByRole("button", { name: "Mark handled" }));
    const dialog = await screen.findByTestId("attention-confirm");
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark handled" }));
    await waitFor(() => expect(posted("/resolve")).toEqual({}));
  });

  it("an older flag without a recorded payment can only be marked handled", async () => {
    items = [
      item({ kind: "amount_mismatch", status: "expired", reason: "Amount mismatch: received 1000 VND" }),
    ];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    const buttons = within(row).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Mark handled"]);
    expect(row.textContent).toContain("Amount mismatch: received 1000 VND");
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    items = [
      item({
        kind: "amount_mismatch",
        status: "pending",
        extraPayment: { attemptId: "a", provider: "momo", amount: 150000, currency: "VND", paidAt: null },
      }),
    ];
    renderList();
    const row = await screen.findByTestId("attention-AC7K2QFP");
    expect(row.textContent).toContain("Thanh toán sai số tiền");
    expect(within(row).getByRole("button", { name: "Hoàn tiền" })).toBeTruthy();
    await i18n.changeLanguage("en");
  });
});

describe("Refund requests under a money-back guarantee (issue 24 §3)", () => {
  it("shows who asks, for what, when they paid and why; Approve and refund goes through the refund confirmation", async () => {
    items = [];
    requests = [request()];
    renderList();
    const row = await screen.findByTestId("refund-request-RQ7K2QFP");
    expect(screen.queryByTestId("attention-empty")).toBeNull();
    for (const part of [
      "Refund request",
      "Minh",
      "Phở at home",
      "Reason: The lessons are too fast for me.",
      "₫490,000 · paid Nov 20, 2026 · 14-day guarantee · asked Nov 27, 2026",
    ])
      expect(row.textContent).toContain(part);
    fireEvent.click(within(row).getByRole("button", { name: "Approve and refund" }));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(dialog.textContent).toContain("Refund ₫490,000 for order RQ7K2QFP?");
    expect(dialog.textContent).toContain("Give it back to the buyer yourself");
    expect(posted("/approve")).toBeUndefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark refunded outside Academy" }));
    await waitFor(() =>
      expect(posted("/api/earnings/refund-requests/00000000-0000-4000-8000-0000000000aa/approve")).toEqual({
        outside: true,
      }),
    );
  });

  it("Decline asks for the reason the student is e-mailed", async () => {
    items = [];
    requests = [request({ reason: null, studentName: null, studentEmail: null })];
    renderList();
    const row = await screen.findByTestId("refund-request-RQ7K2QFP");
    expect(row.textContent).toContain("No reason given.");
    expect(row.textContent).toContain("Deleted student");
    fireEvent.click(within(row).getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByTestId("decline-request-dialog");
    expect(dialog.textContent).toContain("gets your reason by e-mail");
    const confirm = within(dialog).getByTestId("decline-request-confirm");
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Reason"), {
      target: { value: " You finished the course. " },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(posted("/decline")).toEqual({ reason: "You finished the course." }));
  });
});
