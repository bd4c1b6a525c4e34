import { act, cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { coursePriceText, PriceLabel } from "./price-label";

describe("course price label (spec 000 §2: currency and amount, or Free when 0 or less)", () => {
  afterEach(cleanup);
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows Free for 0 and for negative prices", async () => {
    await act(() => i18n.changeLanguage("en"));
    const { rerender } = render(<PriceLabel price={0} currency="VND" />);
    expect(screen.getByTestId("course-price").textContent).toBe("Free");
    rerender(<PriceLabel price={-5} currency="VND" />);
    expect(screen.getByTestId("course-price").textContent).toBe("Free");
  });

  it("formats VND without decimals in English", async () => {
    await act(() => i18n.changeLanguage("en"));
    render(<PriceLabel price={1_990_000} currency="VND" />);
    expect(screen.getByTestId("course-price").textContent).toBe("₫1,990,000");
  });

  it("formats VND the Vietnamese way (dots, symbol after a no-break space) and says Miễn phí", async () => {
    await act(() => i18n.changeLanguage("vi"));
    const { rerender } = render(<PriceLabel price={1_990_000} currency="VND" />);
    expect(screen.getByTestId("course-price").textContent).toBe("1.990.000\u00a0₫");
    rerender(<PriceLabel price={0} currency="VND" />);
    expect(screen.getByTestId("course-price").textContent).toBe("Miễn phí");
  });

  it("keeps cents for USD", () => {
    expect(coursePriceText(29.99, "USD", "en", i18n.getFixedT("en"))).toBe("$29.99");
    expect(coursePriceText(1_990_000.4, "VND", "en", i18n.getFixedT("en"))).toBe("₫1,990,000");
  });
});
