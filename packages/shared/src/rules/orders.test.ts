import { describe, expect, it } from "vitest";
import {
  couponDiscount,
  csvCell,
  generateOrderReference,
  isOrderReference,
  ORDER_REFERENCE_ALPHABET,
  toMinorUnits,
} from "./orders.ts";

describe("order references", () => {
  it("are 8 characters without 0, O, 1 or I", () => {
    expect(ORDER_REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(ORDER_REFERENCE_ALPHABET).toHaveLength(32);
    let i = 0;
    const ref = generateOrderReference((n) => i++ % n);
    expect(ref).toBe("23456789");
    const last = generateOrderReference((n) => n - 1);
    expect(last).toBe("ZZZZZZZZ");
    expect(isOrderReference("AC7K2QFP")).toBe(true);
    expect(isOrderReference("AC7K2QF0")).toBe(false);
    expect(isOrderReference("AC7K2QFI")).toBe(false);
    expect(isOrderReference("ac7k2qfp")).toBe(false);
    expect(isOrderReference("AC7K2QFPX")).toBe(false);
  });
});

describe("money", () => {
  it("keeps VND whole and turns USD into cents", () => {
    expect(toMinorUnits(199000, "VND")).toBe(199000);
    expect(toMinorUnits(19.99, "USD")).toBe(1999);
  });
  it("discounts by percent (floored) or a fixed amount of the same currency, never below zero", () => {
    expect(couponDiscount(199000, "VND", { kind: "percent", value: 15, currency: null })).toBe(29850);
    expect(couponDiscount(999, "USD", { kind: "percent", value: 33, currency: null })).toBe(329);
    expect(couponDiscount(199000, "VND", { kind: "percent", value: 100, currency: null })).toBe(199000);
    expect(couponDiscount(199000, "VND", { kind: "fixed", value: 50000, currency: "VND" })).toBe(50000);
    expect(couponDiscount(199000, "VND", { kind: "fixed", value: 500000, currency: "VND" })).toBe(199000);
    expect(couponDiscount(1999, "USD", { kind: "fixed", value: 50000, currency: "VND" })).toBe(0);
  });
});

describe("csvCell", () => {
  it("quotes separators and defuses formulae", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });
});
