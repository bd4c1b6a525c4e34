import { describe, expect, it } from "vitest";
import { courseInfoSchema } from "../schemas/courses.ts";
import { GUARANTEE_MAX_DAYS, guaranteeEndsAt, isWithinGuarantee, shownGuaranteeDays } from "./guarantee.ts";

describe("money-back guarantee (issue 24 §3)", () => {
  it("is shown only for a paid course with 1–90 days", () => {
    expect(shownGuaranteeDays(199000, 30)).toBe(30);
    expect(shownGuaranteeDays(0, 30)).toBeNull();
    expect(shownGuaranteeDays(199000, null)).toBeNull();
    expect(shownGuaranteeDays(199000, 0)).toBeNull();
    expect(shownGuaranteeDays(199000, GUARANTEE_MAX_DAYS + 1)).toBeNull();
  });

  it("runs N × 24 h from the payment, the end excluded", () => {
    const paid = "2026-11-01T10:00:00.000Z";
    expect(guaranteeEndsAt(paid, 7).toISOString()).toBe("2026-11-08T10:00:00.000Z");
    expect(isWithinGuarantee(paid, 7, new Date("2026-11-08T09:59:59.999Z"))).toBe(true);
    expect(isWithinGuarantee(paid, 7, new Date("2026-11-08T10:00:00.000Z"))).toBe(false);
    expect(isWithinGuarantee(null, 7)).toBe(false);
    expect(isWithinGuarantee(paid, null, new Date(paid))).toBe(false);
  });

  it("the builder takes empty (none) or a whole number of days from 1 to 90", () => {
    expect(courseInfoSchema.parse({}).guaranteeDays).toBeNull();
    expect(courseInfoSchema.parse({ guaranteeDays: 30 }).guaranteeDays).toBe(30);
    for (const bad of [0, 91, 2.5, -1])
      expect(courseInfoSchema.safeParse({ guaranteeDays: bad }).success).toBe(false);
  });
});
