import type { CheckoutView } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { useCheckoutActions } from "../api/payments";
import {
  CHECK_EVERY_MS,
  CHECK_FOR_MS,
  CheckingPayment,
  providerReturn,
  shouldCheck,
} from "./checking-payment";

const NOW = Date.parse("2026-11-28T08:00:00Z");

function view(over: Partial<CheckoutView> = {}): CheckoutView {
  return {
    reference: "AC7K2QFP",
    status: "pending",
    courseId: "c1",
    courseTitle: "Phở at home",
    teacherName: "Lan",
    method: "momo",
    listAmount: 199000,
    discountAmount: 0,
    amount: 199000,
    currency: "VND",
    couponCode: null,
    expiresAt: new Date(NOW + 100 * 60_000).toISOString(),
    rejectionReason: null,
    methods: [{ type: "momo" }, { type: "zalopay" }],
    unavailableMethods: [],
    qrDataUrl: null,
    guaranteeDays: null,
    openAttempt: {
      provider: "momo",
      createdAt: new Date(NOW - 60_000).toISOString(),
      expiresAt: new Date(NOW + 99 * 60_000).toISOString(),
    },
    ...over,
  };
}

describe("when the checkout checks instead of offering methods (issue 23 §9)", () => {
  it("back from a provider, or with a page opened in the last 10 minutes; not after a cancel or a choice", () => {
    expect(shouldCheck(view(), "?return=momo", false, NOW)).toBe(true);
    expect(shouldCheck(view(), "", false, NOW)).toBe(true);
    const old = view({
      openAttempt: { provider: "momo", createdAt: new Date(NOW - 11 * 60_000).toISOString(), expiresAt: "" },
    });
    expect(shouldCheck(old, "", false, NOW)).toBe(false);
    expect(shouldCheck(old, "?return=momo", false, NOW)).toBe(true);
    expect(shouldCheck(view(), "?return=momo&resultCode=1006", false, NOW)).toBe(false);
    expect(shouldCheck(view(), "?return=zalopay&status=-49", false, NOW)).toBe(false);
    expect(shouldCheck(view(), "?return=card&cancelled=1", false, NOW)).toBe(false);
    expect(shouldCheck(view(), "?return=momo", true, NOW)).toBe(false);
    expect(shouldCheck(view({ status: "paid" }), "?return=momo", false, NOW)).toBe(false);
    expect(shouldCheck(view({ openAttempt: null }), "?return=momo", false, NOW)).toBe(false);
    expect(providerReturn("?return=momo&resultCode=0")).toEqual({ returned: true, cancelled: false });
  });
});

const fetchMock = vi.fn<typeof fetch>();
let checks = 0;

function Harness({ onChooseAnother }: { onChooseAnother: () => void }) {
  const actions = useCheckoutActions("AC7K2QFP");
  return <CheckingPayment view={view()} actions={actions} onChooseAnother={onChooseAnother} />;
}

function renderChecking(onChooseAnother = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness onChooseAnother={onChooseAnother} />
    </QueryClientProvider>,
  );
  return onChooseAnother;
}

describe("CheckingPayment", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    checks = 0;
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(NOW);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith("/check")) checks++;
      return new Response(JSON.stringify(view()), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks at once and every few seconds, then says the payment has not arrived, with two ways on", async () => {
    const onChooseAnother = renderChecking();
    expect(screen.getByTestId("checking-payment").textContent).toContain("Checking your payment…");
    expect(screen.getByTestId("checking-payment").textContent).toContain("MoMo");
    expect(screen.queryByTestId("method-momo")).toBeNull();
    await act(async () => {
      await Promise.resolve();
    });
    expect(checks).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(CHECK_EVERY_MS * 2);
    });
    expect(checks).toBe(3);
    await act(async () => {
      vi.advanceTimersByTime(CHECK_FOR_MS);
    });
    expect(screen.getByTestId("payment-not-received").textContent).toContain(
      "We have not received the payment yet",
    );
    const asked = checks;
    await act(async () => {
      vi.advanceTimersByTime(CHECK_EVERY_MS * 3);
    });
    expect(checks).toBe(asked);
    await act(async () => {
      fireEvent.click(screen.getByTestId("check-again"));
    });
    expect(checks).toBe(asked + 1);
    expect(screen.getByTestId("checking-payment")).toBeTruthy();
    fireEvent.click(screen.getByTestId("choose-another-way"));
    expect(onChooseAnother).toHaveBeenCalledOnce();
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    renderChecking();
    expect(screen.getByTestId("checking-payment").textContent).toContain("Đang kiểm tra thanh toán của bạn…");
    expect(screen.getByTestId("choose-another-way").textContent).toBe("Tôi chưa thanh toán — chọn cách khác");
    await i18n.changeLanguage("en");
  });
});
