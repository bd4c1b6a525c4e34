import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { RefundDialog, type RefundTarget } from "./refund-dialog";

afterEach(cleanup);

const target = (over: Partial<RefundTarget>): RefundTarget => ({
  reference: "AC7K2QFP",
  amount: 199000,
  currency: "VND",
  through: "zalopay",
  extra: false,
  ...over,
});

function open(t: RefundTarget) {
  const onConfirm = vi.fn();
  render(<RefundDialog target={t} onClose={vi.fn()} onConfirm={onConfirm} />);
  return onConfirm;
}

describe("RefundDialog (issue 23 §7)", () => {
  it("a ZaloPay payment: refund through ZaloPay, or record a refund made in ZaloPay's portal", async () => {
    await i18n.changeLanguage("en");
    const onConfirm = open(target({}));
    expect(screen.getByTestId("refund-portal-note").textContent).toMatch(/ZaloPay does not tell Academy/);
    fireEvent.click(screen.getByTestId("refund-portal"));
    expect(onConfirm).toHaveBeenLastCalledWith(true);
    cleanup();
    const again = open(target({}));
    fireEvent.click(screen.getByTestId("refund-confirm"));
    expect(again).toHaveBeenLastCalledWith(false);
  });

  it("says it in Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    open(target({}));
    expect(screen.getByTestId("refund-portal").textContent).toBe("Tôi đã hoàn trên cổng ZaloPay");
    await i18n.changeLanguage("en");
  });

  it("MoMo and Stripe refunds made in their portals are found on their own: no such choice", async () => {
    await i18n.changeLanguage("en");
    for (const through of ["momo", "stripe", "manual"] as const) {
      open(target({ through }));
      expect(screen.queryByTestId("refund-portal")).toBeNull();
      cleanup();
    }
    open(target({ extra: true }));
    expect(screen.queryByTestId("refund-portal")).toBeNull();
  });
});
