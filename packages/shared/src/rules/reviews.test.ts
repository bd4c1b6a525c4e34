import { describe, expect, it } from "vitest";
import { mayReview, publicRating, REVIEWS_PUBLIC_MINIMUM } from "./reviews.ts";

describe("publicRating (issue 24 §2)", () => {
  it("shows nothing below the minimum number of reviews", () => {
    expect(REVIEWS_PUBLIC_MINIMUM).toBe(3);
    expect(publicRating(5, 0)).toBeNull();
    expect(publicRating(4.5, 2)).toBeNull();
  });
  it("shows the average to one decimal and the count from the minimum up", () => {
    expect(publicRating(4.333333, 3)).toEqual({ average: 4.3, count: 3 });
    expect(publicRating(4.25, 120)).toEqual({ average: 4.3, count: 120 });
  });
  it("never shows a zero or missing average", () => {
    expect(publicRating(0, 10)).toBeNull();
    expect(publicRating(Number.NaN, 10)).toBeNull();
  });
});

describe("mayReview", () => {
  it("needs the creator's share of the course", () => {
    expect(mayReview(29.9, 30)).toBe(false);
    expect(mayReview(30, 30)).toBe(true);
    expect(mayReview(0, 0)).toBe(true);
    expect(mayReview(100, 100)).toBe(true);
  });
});
